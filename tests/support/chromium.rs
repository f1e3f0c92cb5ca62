//! Headless Chromium, as the site tests run it: Debian's `chromium`, which
//! ./scripts/test.sh installs with the CJK fonts the pages need.

use std::path::Path;
use std::process::{Command, Output};

/// Runs headless Chromium with its own profile directory and `args`.
pub fn run(profile: &Path, args: &[&str]) -> Output {
    let found = Command::new("sh")
        .args(["-c", "command -v chromium"])
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "chromium is missing: run ./scripts/test.sh, which installs Debian's chromium and fonts-noto-cjk"
    );
    Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .output()
        .expect("chromium runs")
}

/// A screenshot headless Chromium takes of `url` at `window` (`W,H`),
/// saved as target/site-screenshots/NAME: the PNG's bytes.
pub fn screenshot(name: &str, window: &str, url: &str) -> Vec<u8> {
    let shots = crate::util::root().join("target/site-screenshots");
    std::fs::create_dir_all(&shots).unwrap();
    let shot = shots.join(name);
    let _ = std::fs::remove_file(&shot);
    let profile = tempfile::tempdir().unwrap();
    let run = run(
        profile.path(),
        &[
            &format!("--screenshot={}", shot.display()),
            &format!("--window-size={window}"),
            url,
        ],
    );
    std::fs::read(&shot).unwrap_or_else(|_| {
        panic!(
            "{name}: no screenshot: {}",
            String::from_utf8_lossy(&run.stderr)
        )
    })
}

/// Asserts that headless Chromium renders `url` in a 1200×1600 window as
/// a PNG of some substance (over 20 kB), saved as
/// target/site-screenshots/NAME.
pub fn assert_renders(name: &str, url: &str) {
    let png = screenshot(name, "1200,1600", url);
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 20_000,
        "screenshot"
    );
}
