#!/usr/bin/env bash
# Image-read benchmark (benches/inspect.rs): generates a 2 GiB OCI image of
# real machine code in target/bench-image/ (once) and prints `relnotes
# verify`'s time, CPU time and peak RSS, cold, again with every layer
# cached, and of a sibling image with one new layer, each beside its floor
# (ISA-L's `igzip -dc` of the same layer blobs on every core) and its
# target. Installs what it needs (Debian's isal for igzip, libisal-dev and
# pkg-config to build relnotes with ISA-L, and time for peak RSS).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v igzip >/dev/null || missing+=(isal)
[ -e /usr/include/isa-l/igzip_lib.h ] || missing+=(libisal-dev)
command -v pkg-config >/dev/null || missing+=(pkg-config)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
    "${as_root[@]}" apt-get update
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
fi

exec cargo bench --features isal --bench inspect "$@"
