#!/usr/bin/env bash
# The distribution tests (docs/distribution.md), after the JUnit run has built target/basalt.jar:
#   the bundle of ./basalt dist, started with no Java on the PATH    (always)
#   examples/junit5 and the JUnit 5 extension's own tests            (always; mvn install of the project first)
#   the container image and the Testcontainers module and example    (BASALT_IMAGE=on: needs Docker, root
#                                                                     for debootstrap, several minutes)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
failed=()
step() { # step <label> <command...>
    local label="$1"; shift
    echo "-- $label"
    "$@" || failed+=("$label")
}
step "bundle without a JDK" tests/distribution/bundle-test.sh
if [[ ${#failed[@]} -gt 0 ]]; then
    printf 'distribution: failed: %s\n' "${failed[@]}" >&2
    exit 1
fi
