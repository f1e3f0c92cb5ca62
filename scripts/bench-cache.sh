#!/usr/bin/env bash
# Layer cache benchmark (docs/cache.md): `relnotes verify` of the 2.1 GiB
# image of the image-read benchmark, cold (no cache, and filling one), warm,
# and as a sibling whose top layer is new (its entry removed), each beside
# its floor, ISA-L's `igzip -dc` of the same blobs (all layers two at a
# time; the top layer alone). Prints seconds and peak RSS (KiB) per run,
# rounds alternating. Needs the image in target/bench-image/ (written by
# ./scripts/bench-inspect.sh), docker-registry, time and isal.
set -euo pipefail
cd "$(dirname "$0")/.."

store=target/bench-image/registry
[ -d "$store" ] || { echo "no $store: run ./scripts/bench-inspect.sh first" >&2; exit 2; }
cargo build --release --quiet
bin=target/release/relnotes
port=${PORT:-5987}
work=$(mktemp -d)
cat > "$work/config.yml" <<YAML
version: 0.1
log:
  level: error
  accesslog:
    disabled: true
storage:
  filesystem:
    rootdirectory: $PWD/$store
http:
  addr: 127.0.0.1:$port
  secret: relnotes-bench
health:
  storagedriver:
    enabled: false
YAML
/usr/bin/docker-registry serve "$work/config.yml" > "$work/registry.log" 2>&1 &
registry=$!
trap 'kill $registry; rm -rf "$work"' EXIT
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/v2/" > /dev/null && break; sleep 0.2; done

ref=127.0.0.1:$port/bench/gpu-image:v1
manifest=$(curl -fs -H 'Accept: application/vnd.oci.image.manifest.v1+json' \
    "http://127.0.0.1:$port/v2/bench/gpu-image/manifests/v1")
layers=$(echo "$manifest" | python3 -c \
    'import json, sys; print(" ".join(l["digest"][7:] for l in json.load(sys.stdin)["layers"]))')
blob() { echo "$store/docker/registry/v2/blobs/sha256/${1:0:2}/$1/data"; }
files=(); for hex in $layers; do files+=("$(blob "$hex")"); done
top=${layers##* }
cache=$work/cache
verify=("$bin" -C . verify 25.10 --image "$ref" --arch amd64 --quiet)
# Seconds and peak RSS of a command (verify exits 1: the image is not 25.10's).
measure() { /usr/bin/time -f "%e s  %M KiB" "$@" 2>&1 > /dev/null | tail -1; }

cat "${files[@]}" > /dev/null # page cache warm for every run
for round in 1 2 3; do
    echo "round $round (load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "  floor: igzip -dc, all layers, 2 at a time  $(measure sh -c 'printf "%s\n" "$@" | xargs -P 2 -I{} sh -c "igzip -dc {} > /dev/null"' _ "${files[@]}")"
    echo "  cold, --no-cache                          $(measure "${verify[@]}" --no-cache)"
    rm -rf "$cache"
    echo "  cold, filling the cache                   $(measure "${verify[@]}" --cache-dir "$cache")"
    echo "  warm                                      $(measure "${verify[@]}" --cache-dir "$cache")"
    rm -f "$cache/layers/$top"
    echo "  sibling: the top layer new                $(measure "${verify[@]}" --cache-dir "$cache")"
    echo "  floor: igzip -dc, the top layer           $(measure igzip -dc "$(blob "$top")")"
    echo "  cache: $(du -sb "$cache/layers" | cut -f1) bytes in $(ls "$cache/layers" | wc -l) entries"
done
