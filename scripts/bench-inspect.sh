#!/usr/bin/env bash
# Image-read benchmark (benches/inspect.rs): generates a 2.1 GiB image in
# target/bench-image/ (once), serves it from a local docker-registry, and
# prints relnotes' read time and peak RSS next to the floor, `gzip -dc` of
# the same layer blobs on every core. Installs what it needs (Debian's
# docker-registry, and time for peak RSS).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/docker-registry ] || missing+=(docker-registry)
[ -x /usr/bin/time ] || missing+=(time)
if [ "${#missing[@]}" -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then as_root=(); else as_root=(sudo); fi
    "${as_root[@]}" apt-get update
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}"
fi

exec cargo bench --bench inspect
