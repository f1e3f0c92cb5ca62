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
