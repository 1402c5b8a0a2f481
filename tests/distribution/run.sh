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
# the Maven artifacts as a user gets them: the server installed into the local repository, then the
# extension (its own tests run) and the example project that uses it
mvn_q() { (cd "$1" && shift && mvn -q -B "$@"); }
step "mvn install of the server (no tests: the JUnit run did them)" mvn_q . install -DskipTests
step "junit5/: basalt-junit5 tests and install" mvn_q junit5 install
step "examples/junit5: SDK v2 and Enhanced Client tests on @BasaltTest" mvn_q examples/junit5 test
if [[ ${#failed[@]} -gt 0 ]]; then
    printf 'distribution: failed: %s\n' "${failed[@]}" >&2
    exit 1
fi
