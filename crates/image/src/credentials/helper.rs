//! Running a Docker credential helper: `docker-credential-<name> get` with
//! the server URL on stdin answers `{"ServerURL","Username","Secret"}` on
//! stdout, or fails with its message (on stdout, by the helpers' own
//! library, or on stderr). A `<token>` user name means the secret is an
//! identity token.
//!
//! The wait is hand-written (polling `try_wait`) rather than taken from a
//! crate: it is a few lines, and the output is read by threads that may
//! outlive a killed helper whose children still hold its pipes.

use crate::InspectError;
use crate::auth::Credentials;
use crate::error::clip;
use serde::Deserialize;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The user name helpers give for an identity token.
const TOKEN_USERNAME: &str = "<token>";

/// The most bytes of a helper's stdout or stderr read.
const MAX_OUTPUT: u64 = 1 << 20;

/// The most characters of a helper's message quoted.
const QUOTED: usize = 200;

/// A helper's answer.
#[derive(Deserialize)]
struct Answer {
    #[serde(rename = "Username", default)]
    username: String,
    #[serde(rename = "Secret", default)]
    secret: String,
}

/// `docker-credential-<name> get` for `server`: the credentials, or `None`
/// when the helper has none for it.
pub(super) fn get(
    name: &str,
    server: &str,
    timeout: Duration,
) -> Result<Option<Credentials>, InspectError> {
    let program = format!("docker-credential-{name}");
    let failed = |detail: String| InspectError::CredentialHelper {
        program: program.clone(),
        server: server.to_string(),
        detail,
    };
    let mut child = Command::new(&program)
        .arg("get")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => failed("not found on PATH".into()),
            _ => failed(format!("cannot be started: {e}")),
        })?;
    if let Some(mut stdin) = child.stdin.take() {
        // A helper that exits without reading its stdin closes the pipe:
        // its exit status says what went wrong, not this write.
        let _ = stdin.write_all(server.as_bytes());
    }
    let stdout = drain(child.stdout.take());
    let stderr = drain(child.stderr.take());

    let deadline = Instant::now() + timeout;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(failed(format!(
                    "did not answer within {} s and was stopped",
                    timeout.as_secs_f64()
                )));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(failed(format!("cannot be waited for: {e}"))),
        }
    };
    // The helper is gone; a child it left behind may still hold the pipes.
    let grace = deadline
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(100));
    let stdout = stdout.recv_timeout(grace).unwrap_or_default();
    let stderr = stderr.recv_timeout(grace).unwrap_or_default();
    let stdout = String::from_utf8_lossy(&stdout);
    let stderr = String::from_utf8_lossy(&stderr);

    if !status.success() {
        let message = first_line(&stderr)
            .or_else(|| first_line(&stdout))
            .unwrap_or("(no message)");
        if is_not_found(message) {
            return Ok(None);
        }
        let exit = match status.code() {
            Some(code) => format!("exited {code}"),
            None => "was killed by a signal".into(),
        };
        let message = redact(message, &stdout);
        return Err(failed(format!("{exit}: {}", clip(message, QUOTED))));
    }
    let answer: Answer = serde_json::from_str(stdout.trim()).map_err(|e| {
        // Its answer is not quoted: it may hold the secret.
        failed(format!(
            "answered something other than {{\"ServerURL\",\"Username\",\"Secret\"}} JSON ({} at line {} column {})",
            match e.classify() {
                serde_json::error::Category::Data => "a value of the wrong type",
                _ => "not valid JSON",
            },
            e.line(),
            e.column()
        ))
    })?;
    if answer.secret.is_empty() {
        return Ok(None);
    }
    if answer.username == TOKEN_USERNAME {
        return Ok(Some(Credentials::identity_token(
            "",
            answer.secret,
            program,
        )));
    }
    Ok(Some(Credentials::password(
        answer.username,
        answer.secret,
        program,
    )))
}

/// Reads all of `pipe` (up to [`MAX_OUTPUT`]) on a thread of its own.
fn drain(pipe: Option<impl Read + Send + 'static>) -> mpsc::Receiver<Vec<u8>> {
    let (sender, receiver) = mpsc::channel();
    if let Some(pipe) = pipe {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.take(MAX_OUTPUT).read_to_end(&mut bytes);
            let _ = sender.send(bytes);
        });
    }
    receiver
}

/// `message` without secrets: the one of an answer on stdout, if any, and
/// the value of anything that looks like a `"Secret"` field.
fn redact(message: &str, stdout: &str) -> String {
    let mut message = message.to_string();
    if let Ok(answer) = serde_json::from_str::<Answer>(stdout.trim())
        && !answer.secret.is_empty()
    {
        message = message.replace(&answer.secret, "<redacted>");
    }
    static SECRET_FIELD: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?i)("?(?:secret|password|token)"?\s*[:=]\s*)("[^"]*"|\S+)"#)
            .expect("valid regex")
    });
    SECRET_FIELD
        .replace_all(&message, "${1}<redacted>")
        .into_owned()
}

fn first_line(text: &str) -> Option<&str> {
    text.lines().map(str::trim).find(|l| !l.is_empty())
}

/// Whether a helper's message says it has nothing for the server
/// (`credentials not found in native keychain`, the helpers' own words).
fn is_not_found(message: &str) -> bool {
    message
        .to_ascii_lowercase()
        .contains("credentials not found")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_found_messages() {
        assert!(is_not_found("credentials not found in native keychain"));
        assert!(is_not_found("Credentials not found"));
        assert!(!is_not_found(
            "error getting credentials: permission denied"
        ));
        assert_eq!(first_line("\n  boom \nmore"), Some("boom"));
        assert_eq!(first_line(" \n"), None);
    }

    #[test]
    fn secrets_are_redacted_from_messages() {
        let stdout = r#"{"ServerURL":"r","Username":"u","Secret":"hunter2"}"#;
        assert_eq!(
            redact("failed to store hunter2 in the keyring", stdout),
            "failed to store <redacted> in the keyring"
        );
        assert_eq!(
            redact(r#"bad answer {"Secret": "xyzzy", "Username":"u"}"#, ""),
            r#"bad answer {"Secret": <redacted>, "Username":"u"}"#
        );
        assert_eq!(
            redact("password=xyzzy rejected", ""),
            "password=<redacted> rejected"
        );
        assert_eq!(redact("keychain locked", ""), "keychain locked");
    }

    #[test]
    fn a_missing_helper_is_named() {
        let err = get(
            "relnotes-no-such-helper",
            "r.example.com",
            Duration::from_secs(5),
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("docker-credential-relnotes-no-such-helper"),
            "{err}"
        );
        assert!(err.contains("not found on PATH"), "{err}");
    }
}
