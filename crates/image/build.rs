//! Finds ISA-L at build time. Gzip layers inflate through the system's
//! libisal when pkg-config finds it (Debian and Ubuntu: `libisal-dev`), and
//! through zlib-rs (pure Rust) when it does not, so a machine with only Rust
//! and a C compiler builds relnotes. Which one was found is the `isal` cfg
//! and the `RELNOTES_INFLATE` text that `relnotes --version` shows.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(isal)");
    println!("cargo::rerun-if-changed=build.rs");
    watch_pkg_config_directories();
    let inflate = if std::env::var_os("CARGO_FEATURE_ISAL").is_none() {
        "zlib-rs (pure Rust; built without the `isal` feature)".to_string()
    } else {
        match pkg_config::Config::new()
            .atleast_version("2.25")
            .probe("libisal")
        {
            Ok(library) => {
                println!("cargo::rustc-cfg=isal");
                format!("ISA-L {} (the system's libisal)", library.version)
            }
            Err(_) => "zlib-rs (pure Rust; pkg-config found no libisal at build time)".to_string(),
        }
    };
    println!("cargo::rustc-env=RELNOTES_INFLATE={inflate}");
}

/// Asks Cargo to run this again when a package installs or removes a
/// pkg-config file, so that installing `libisal-dev` after a first build
/// takes effect on the next one.
fn watch_pkg_config_directories() {
    let pkg_config = std::env::var("PKG_CONFIG").unwrap_or_else(|_| "pkg-config".into());
    let Ok(output) = std::process::Command::new(pkg_config)
        .args(["--variable", "pc_path", "pkg-config"])
        .output()
    else {
        return;
    };
    let search_path = String::from_utf8_lossy(&output.stdout);
    for directory in search_path.trim().split(':') {
        if std::path::Path::new(directory).is_dir() {
            println!("cargo::rerun-if-changed={directory}");
        }
    }
}
