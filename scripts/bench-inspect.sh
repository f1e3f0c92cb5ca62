#!/usr/bin/env bash
# Image-read benchmark (benches/inspect.rs): generates a 2 GiB OCI image of
# real machine code in target/bench-image/ (once), serves it from a local
# docker-registry too, and prints `relnotes verify`'s time and peak RSS
# next to the floor, ISA-L's `igzip -dc` of the same layer blobs on every
# core. Installs what it needs (Debian's isal for igzip, libisal-dev to
# build relnotes, docker-registry, and time for peak RSS).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v igzip >/dev/null || missing+=(isal)
[ -e /usr/include/isa-l/igzip_lib.h ] || missing+=(libisal-dev)
[ -x /usr/bin/docker-registry ] || missing+=(docker-registry)
[ -x /usr/bin/time ] || missing+=(time)
command -v curl >/dev/null || missing+=(curl)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
    "${as_root[@]}" apt-get update
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
fi

exec cargo bench --bench inspect
