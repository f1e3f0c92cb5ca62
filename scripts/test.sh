#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs what it needs,
# then checks formatting, lints and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

# Rust toolchain components the checks use.
if command -v rustup >/dev/null; then
    rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi

cargo fmt --all -- --check
cargo clippy --locked --all-targets -- -D warnings
cargo test --locked
