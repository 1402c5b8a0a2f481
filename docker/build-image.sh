#!/usr/bin/env bash
# ./basalt image: builds docker/Dockerfile into the local Docker daemon as basalt:VERSION and
# basalt:latest, from the bundle of ./basalt dist (made when missing or older than the jar).
#   docker/build-image.sh [--base IMAGE]
# Without --base: debian:bookworm-slim when the daemon has it, else basalt-base:bookworm, made here
# from Debian packages (docker/base-image.sh) because no registry may be reachable. When no daemon
# runs and this is root, one is started with --bridge=none --iptables=false (containers then use
# --network host only); its log is target/dockerd.log.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base=""
[[ "${1:-}" == "--base" ]] && base="${2:?--base IMAGE}"

if ! command -v docker >/dev/null 2>&1; then
    echo "basalt image: Docker is not installed (Debian: apt-get install docker.io)" >&2
    exit 1
fi
if ! docker info >/dev/null 2>&1; then
    if [[ "$(id -u)" == 0 ]] && command -v dockerd >/dev/null 2>&1; then
        echo "basalt image: starting dockerd --bridge=none --iptables=false (log: target/dockerd.log)" >&2
        mkdir -p "$ROOT/target"
        nohup dockerd --bridge=none --iptables=false >"$ROOT/target/dockerd.log" 2>&1 &
        for _ in $(seq 1 100); do docker info >/dev/null 2>&1 && break; sleep 0.3; done
    fi
    docker info >/dev/null 2>&1 || { echo "basalt image: no Docker daemon answers (start one, or run as root)" >&2; exit 1; }
fi

tarball="$(ls -t "$ROOT"/target/dist/basalt-*-linux-x64.tar.gz 2>/dev/null | head -1 || true)"
if [[ -z "$tarball" || "$ROOT/target/basalt.jar" -nt "$tarball" ]]; then
    "$ROOT/packaging/bundle.sh" >&2
    tarball="$(ls -t "$ROOT"/target/dist/basalt-*-linux-x64.tar.gz | head -1)"
fi
version="$(basename "$tarball" -linux-x64.tar.gz)"
version="${version#basalt-}"

if [[ -z "$base" ]]; then
    if docker image inspect debian:bookworm-slim >/dev/null 2>&1; then
        base=debian:bookworm-slim
    else
        base=basalt-base:bookworm
        "$ROOT/docker/base-image.sh" "$base" >&2
    fi
fi

context="$ROOT/target/image-context"
rm -rf "$context"
mkdir -p "$context"
tar -C "$context" -xzf "$tarball"
mv "$context/basalt-$version" "$context/basalt"
cp "$ROOT/docker/entrypoint.sh" "$context/"
# tags: a version with '+' or other characters a tag may not hold gets them as '-'
tag="$(tr -c 'A-Za-z0-9_.\n-' '-' <<<"$version")"
echo "basalt image: building basalt:$tag on $base" >&2
docker build --network host -q -f "$ROOT/docker/Dockerfile" --build-arg "BASE=$base" --build-arg "VERSION=$version" \
    -t "basalt:$tag" -t basalt:latest "$context" >/dev/null
rm -rf "$context"
# the previous build's image, now untagged, would otherwise pile up (dangling images of this Dockerfile only)
docker image prune -f --filter "label=org.opencontainers.image.title=Basalt" >/dev/null
size="$(docker image inspect -f '{{.Size}}' "basalt:$tag" | awk '{printf "%.0f MB", $1/1e6}')"
echo "basalt:$tag and basalt:latest ($size)"
