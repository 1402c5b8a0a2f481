#!/usr/bin/env bash
# Makes the image's base locally from Debian packages, for machines that reach Debian's package
# archive but no image registry: a minimal Debian root file system (debootstrap --variant=minbase,
# plus jemalloc, which the launcher uses) imported into the local Docker daemon.
#   docker/base-image.sh [TAG]     (default basalt-base:bookworm; needs root, debootstrap and Docker)
# Elsewhere the Dockerfile's default base (debian:bookworm-slim from a registry) serves instead.
set -euo pipefail
TAG="${1:-basalt-base:bookworm}"
SUITE="${BASALT_BASE_SUITE:-bookworm}"
if docker image inspect "$TAG" >/dev/null 2>&1; then
    echo "base image $TAG already present"
    exit 0
fi
if [[ "$(id -u)" != 0 ]] || ! command -v debootstrap >/dev/null 2>&1; then
    echo "docker/base-image.sh: making $TAG needs root and debootstrap (apt-get install debootstrap)" >&2
    exit 1
fi
# the mirror apt already uses here, else debootstrap's default
MIRROR="$(sed -n 's/^URIs: *\([^ ]*debian\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -1)"
[[ -z "$MIRROR" ]] && MIRROR="$(awk '$1 == "deb" && $2 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null)"
ROOTFS="$(mktemp -d /tmp/basalt-rootfs.XXXXXX)"
trap 'rm -rf "$ROOTFS"' EXIT
echo "debootstrap $SUITE (minbase) into $ROOTFS ..."
debootstrap --variant=minbase --include=libjemalloc2 "$SUITE" "$ROOTFS" ${MIRROR:+"$MIRROR"} >"$ROOTFS.log" 2>&1 \
    || { tail -20 "$ROOTFS.log" >&2; exit 1; }
rm -f "$ROOTFS.log"
# what a server image never reads: documentation, manual pages, translations, package caches
rm -rf "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/* \
       "$ROOTFS"/usr/share/locale/* "$ROOTFS"/var/cache/apt/* "$ROOTFS"/var/lib/apt/lists/* \
       "$ROOTFS"/var/log/* "$ROOTFS"/tmp/*
tar -C "$ROOTFS" -c . | docker import - "$TAG" >/dev/null
echo "base image $TAG: $(docker image inspect -f '{{.Size}}' "$TAG" | awk '{printf "%.0f MB", $1/1e6}')"
