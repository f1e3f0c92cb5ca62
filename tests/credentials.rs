//! Registry credentials found the way Docker and podman find them: a
//! Docker config's `credsStore` and `credHelpers` (helper scripts written
//! by the test), podman's `auth.json`, `--username` first of all; against
//! a real docker-registry protected by htpasswd.

use crate::support::credential_helper::Helpers;
use crate::support::image::{Layer, PlatformImage, TestImage};
use crate::support::registry::TestRegistry;
use crate::support::token_proxy::TokenProxy;
use crate::util::relnotes;
use base64::Engine;
use std::path::Path;
use std::time::{Duration, Instant};

const USER: &str = "alice";
const PASSWORD: &str = "s3cret pass";

/// A registry wanting `USER`/`PASSWORD`, holding an amd64 image.
struct Protected {
    registry: TestRegistry,
    image: String,
}

fn protected() -> Protected {
    let registry = TestRegistry::start_with_basic_auth(USER, PASSWORD);
    let image = TestImage::single(
        PlatformImage::new("amd64")
            .layer(Layer::gzip().file("etc/os-release", "ID=ubuntu\nVERSION_ID=\"24.04\"\n")),
    )
    .build();
    image.push(&registry.url(), "team/app", "1.0", Some((USER, PASSWORD)));
    Protected {
        image: format!("{}/team/app:1.0", registry.host()),
        registry,
    }
}

/// What a run leaves: exit code, stdout, stderr.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// The image was read: verify got to compare it with the record (it
    /// finds differences, exit 1, as the test image holds next to nothing).
    fn read_the_image(&self) -> bool {
        self.code == 1
            && self
                .stdout
                .contains("[amd64] linux/amd64  manifest sha256:")
    }
}

/// `verify` of the protected image with a Docker config naming the
/// `test` helper as its `credsStore`, and nothing else.
fn verify_with_store(p: &Protected, helpers: &Helpers) -> Run {
    verify(
        &p.image,
        helpers,
        Some(r#"{"credsStore": "test"}"#),
        None,
        &[],
        "",
    )
}

/// `relnotes verify 25.10 --arch amd64 --image IMAGE ARGS…` with only the
/// given credential files (none from whoever runs the tests) and the
/// helpers first on `PATH`.
fn verify(
    image: &str,
    helpers: &Helpers,
    docker_config: Option<&str>,
    podman_auth: Option<&str>,
    args: &[&str],
    stdin: &str,
) -> Run {
    let home = helpers.path().join("home");
    let docker_dir = helpers.path().join("docker");
    std::fs::create_dir_all(&docker_dir).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let write_or_remove = |path: &Path, text: Option<&str>| match text {
        Some(text) => std::fs::write(path, text).unwrap(),
        None => {
            let _ = std::fs::remove_file(path);
        }
    };
    write_or_remove(&docker_dir.join("config.json"), docker_config);
    let auth_file = helpers.path().join("auth.json");
    write_or_remove(&auth_file, podman_auth);
    let out = relnotes()
        .env("HOME", &home)
        .env("DOCKER_CONFIG", &docker_dir)
        .env("REGISTRY_AUTH_FILE", &auth_file)
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("XDG_CONFIG_HOME")
        .env("PATH", helpers.path_env())
        .args([
            "verify", "25.10", "--arch", "amd64", "--quiet", "--image", image,
        ])
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("runs");
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `{"HOST": {"auth": base64(USER:PASSWORD)}}`, an `auths` map.
fn auths(host: &str, user: &str, password: &str) -> String {
    let auth = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
    format!(r#"{{"{host}": {{"auth": "{auth}"}}}}"#)
}

/// A credentials file with one `auths` entry.
fn auth_entry(host: &str, user: &str, password: &str) -> String {
    format!(r#"{{"auths": {}}}"#, auths(host, user, password))
}

#[test]
fn a_creds_store_helper_logs_in() {
    let p = protected();
    let host = p.registry.host();
    let helpers = Helpers::new();
    helpers.answering("test", &host, USER, PASSWORD);
    let run = verify_with_store(&p, &helpers);
    assert!(run.read_the_image(), "{}\n{}", run.stdout, run.stderr);
    // Asked about the registry's host, once.
    assert_eq!(helpers.asked("test"), vec![host]);
}

#[test]
fn a_cred_helper_for_the_host_comes_before_the_store() {
    let p = protected();
    let host = p.registry.host();
    let helpers = Helpers::new();
    helpers
        .answering("test", &host, USER, PASSWORD)
        .script("store", "echo 'the store must not be asked' >&2\nexit 1\n");
    let config = format!(
        r#"{{"credsStore": "store", "credHelpers": {{"http://{host}": "test", "other.example.com": "store"}}}}"#
    );
    let run = verify(&p.image, &helpers, Some(&config), None, &[], "");
    assert!(run.read_the_image(), "{}\n{}", run.stdout, run.stderr);
    assert_eq!(helpers.asked("test"), vec![host]);
    assert!(helpers.asked("store").is_empty());
}

#[test]
fn a_helper_without_credentials_passes_to_the_next_source() {
    let p = protected();
    let host = p.registry.host();
    let helpers = Helpers::new();
    helpers.answering("test", "elsewhere.example.com", USER, PASSWORD);

    // Not found in the store, found in `auths`.
    let config = format!(
        r#"{{"credsStore": "test", "auths": {}}}"#,
        auths(&format!("https://{host}/v2/"), USER, PASSWORD)
    );
    let run = verify(&p.image, &helpers, Some(&config), None, &[], "");
    assert!(
        run.read_the_image(),
        "{config}\n{}\n{}",
        run.stdout,
        run.stderr
    );
    assert_eq!(helpers.asked("test"), vec![host.clone()]);

    // Not found anywhere: anonymous, which this registry refuses.
    let run = verify_with_store(&p, &helpers);
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .contains(&format!("registry {host} asks for credentials")),
        "{}",
        run.stderr
    );
}

#[test]
fn podmans_auth_file_logs_in() {
    let p = protected();
    let host = p.registry.host();
    let helpers = Helpers::new();
    let run = verify(
        &p.image,
        &helpers,
        None,
        Some(&auth_entry(&host, USER, PASSWORD)),
        &[],
        "",
    );
    assert!(run.read_the_image(), "{}\n{}", run.stdout, run.stderr);

    // The Docker config comes first: its wrong password is the one tried.
    let run = verify(
        &p.image,
        &helpers,
        Some(&auth_entry(&host, USER, "docker-wrong-pw")),
        Some(&auth_entry(&host, USER, PASSWORD)),
        &[],
        "",
    );
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("docker/config.json"), "{}", run.stderr);
}

#[test]
fn podmans_runtime_auth_file_is_found_without_registry_auth_file() {
    let p = protected();
    let helpers = Helpers::new();
    let runtime = helpers.path().join("run");
    std::fs::create_dir_all(runtime.join("containers")).unwrap();
    std::fs::write(
        runtime.join("containers/auth.json"),
        auth_entry(&p.registry.host(), USER, PASSWORD),
    )
    .unwrap();
    let out = relnotes()
        .env("HOME", helpers.path())
        .env("DOCKER_CONFIG", helpers.path().join("no-docker"))
        .env_remove("REGISTRY_AUTH_FILE")
        .env("XDG_RUNTIME_DIR", &runtime)
        .args(["verify", "25.10", "--arch", "amd64", "--quiet"])
        .args(["--image", &p.image])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("[amd64] linux/amd64  manifest"), "{stdout}");
}

#[test]
fn a_wrong_secret_is_a_401_that_does_not_show_it() {
    let p = protected();
    let helpers = Helpers::new();
    helpers.answering("test", &p.registry.host(), USER, "wrong-s3cret-9f2c");
    let run = verify_with_store(&p, &helpers);
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("401 Unauthorized"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("basic auth as alice (from docker-credential-test)"),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("wrong-s3cret-9f2c"), "{}", run.stderr);
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn a_failing_helper_is_named_and_its_secrets_are_not_shown() {
    let p = protected();
    let helpers = Helpers::new();
    helpers.script(
        "test",
        "echo 'keychain locked; password=hunter2-b7 rejected' >&2\necho 'second line' >&2\nexit 1\n",
    );
    let run = verify_with_store(&p, &helpers);
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains(&format!(
            "error: credential helper docker-credential-test failed for {}: exited 1: keychain locked; password=<redacted> rejected",
            p.registry.host()
        )),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("hunter2"), "{}", run.stderr);
    assert!(!run.stderr.contains("second line"), "{}", run.stderr);

    // A helper that is not installed is named too.
    let run = verify(
        &p.image,
        &helpers,
        Some(r#"{"credsStore": "relnotes-absent"}"#),
        None,
        &[],
        "",
    );
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("docker-credential-relnotes-absent failed for"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("not found on PATH"), "{}", run.stderr);
}

#[test]
fn a_hanging_helper_is_stopped() {
    let p = protected();
    let helpers = Helpers::new();
    helpers.script("test", "exec sleep 60\n");
    let started = Instant::now();
    let run = verify(
        &p.image,
        &helpers,
        Some(r#"{"credsStore": "test"}"#),
        None,
        &["--timeout", "1"],
        "",
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("docker-credential-test failed for")
            && run
                .stderr
                .contains("did not answer within 1 s and was stopped"),
        "{}",
        run.stderr
    );
}

#[test]
fn username_on_the_command_line_wins_and_helpers_wait_until_asked() {
    let p = protected();
    let helpers = Helpers::new();
    helpers.script("test", "echo 'must not run' >&2\nexit 1\n");
    let config = r#"{"credsStore": "test"}"#;
    let run = verify(
        &p.image,
        &helpers,
        Some(config),
        None,
        &["--username", USER, "--password-stdin"],
        &format!("{PASSWORD}\n"),
    );
    assert!(run.read_the_image(), "{}\n{}", run.stdout, run.stderr);
    assert!(helpers.asked("test").is_empty());

    // A registry open to anyone asks for no credentials: no helper runs.
    let open = TestRegistry::start();
    TestImage::single(PlatformImage::new("amd64").layer(Layer::gzip().file("etc/motd", "hi\n")))
        .build()
        .push(&open.url(), "team/app", "1.0", None);
    let run = verify(
        &format!("{}/team/app:1.0", open.host()),
        &helpers,
        Some(config),
        None,
        &[],
        "",
    );
    assert!(run.read_the_image(), "{}\n{}", run.stdout, run.stderr);
    assert!(helpers.asked("test").is_empty());
}

#[test]
fn an_identity_token_from_a_helper_is_exchanged_at_the_token_service() {
    let registry = TestRegistry::start();
    TestImage::single(PlatformImage::new("amd64").layer(Layer::gzip().file("etc/motd", "hi\n")))
        .build()
        .push(&registry.url(), "team/app", "1.0", None);
    let proxy =
        TokenProxy::start_with_identity_token(&registry.url(), "bob", "t0ken", "refresh-4711");
    let image = format!("{}/team/app:1.0", proxy.host());
    let helpers = Helpers::new();
    helpers.answering("test", &proxy.host(), "<token>", "refresh-4711");
    let config = r#"{"credsStore": "test"}"#;
    let run = verify(&image, &helpers, Some(config), None, &[], "");
    assert!(run.read_the_image(), "{}\n{}", run.stdout, run.stderr);
    assert!(
        proxy
            .scopes
            .lock()
            .unwrap()
            .contains(&"repository:team/app:pull".to_string())
    );

    // A token the service does not know is refused, and not shown.
    helpers.answering("test", &proxy.host(), "<token>", "stale-0815");
    let run = verify(&image, &helpers, Some(config), None, &[], "");
    assert_eq!(run.code, 2, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains(
            "with an identity token (from docker-credential-test): the token service answered 401"
        ),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains("stale-0815"), "{}", run.stderr);
}
