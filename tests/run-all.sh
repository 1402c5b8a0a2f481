#!/usr/bin/env bash
# The whole test suite: JUnit (AWS SDK for Java v2 against live servers, unit tests, kill -9
# durability), then every script in tests/scripts (AWS CLI, boto3) against a Basalt started here on
# a free port, in memory and on disk. Writes target/compatibility.md from the results and checks that
# docs/compatibility.md matches it (./basalt compat updates it); never rewrites a tracked file.
# Called by ./basalt test (which has already chosen JAVA_HOME) and by .ci/run.
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
failures=()

need_pkg() { # need_pkg <command> <debian package>
    command -v "$1" >/dev/null 2>&1 && return 0
    if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
        echo "tests: installing $2 (for $1)..."
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2") >/dev/null 2>&1 \
            || { echo "tests: could not install $2" >&2; return 1; }
    else
        echo "tests: '$1' is missing; install the Debian package $2 (sudo apt-get install $2)" >&2
        return 1
    fi
}
need_pkg jq jq || failures+=("jq missing")
need_pkg aws awscli || failures+=("awscli missing")
if ! python3 -c 'import boto3' >/dev/null 2>&1; then
    need_pkg /usr/lib/python3/dist-packages/boto3/__init__.py python3-boto3 >/dev/null 2>&1 || true
    python3 -c 'import boto3' >/dev/null 2>&1 || { echo "tests: python3 with boto3 is missing (apt-get install python3-boto3)" >&2; failures+=("boto3 missing"); }
fi

echo "== JUnit (mvn verify)"
rm -rf target/compatibility
if ! mvn -B -q verify; then
    failures+=("JUnit tests (see target/surefire-reports)")
fi

# Coverage-guided fuzzing, bounded: each target (src/test/java/io/basalt/fuzz) runs for the time its
# @FuzzTest allows, one JVM each (Jazzer fuzzes one target per run). The JUnit run above already
# replayed every committed input; a finding is written next to them and fails the suite.
# BASALT_FUZZ=off skips this part.
if [[ "${BASALT_FUZZ:-on}" != "off" ]]; then
    echo "== fuzzing (bounded)"
    for target in RequestDecoderFuzzTest ExpressionParsersFuzzTest KeyCodecFuzzTest; do
        if ! JAZZER_FUZZ=1 mvn -B -q surefire:test -Dtest="$target" -Dsurefire.failIfNoSpecifiedTests=false >target/fuzz-$target.log 2>&1; then
            grep -E 'FuzzTestFindingException|Caused by|Test unit written' target/fuzz-$target.log | head -5
            failures+=("fuzzing $target (see target/fuzz-$target.log)")
        else
            grep -E '^Done [0-9]+ runs' target/fuzz-$target.log | head -1 | sed "s/^/$target: /"
        fi
    done
fi

start_server() { # start_server <log> <args...>; prints the port
    local log="$1"; shift
    "$ROOT/basalt" serve --port 0 --log-level warn "$@" >"$log" 2>&1 &
    local pid=$!
    for _ in $(seq 1 200); do
        local port
        port=$(sed -n 's#.*listening on http://[^:]*:\([0-9]*\).*#\1#p' "$log" | head -1)
        if [[ -n "$port" ]]; then echo "$pid $port"; return 0; fi
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "tests: server did not start: $(cat "$log")" >&2
    return 1
}

run_scripts() { # run_scripts <label> <server args...>
    local label="$1"; shift
    local log; log=$(mktemp)
    local started
    if ! started=$(start_server "$log" "$@"); then failures+=("server ($label) did not start"); return; fi
    local pid=${started% *} port=${started#* }
    for script in tests/scripts/*; do
        [[ -f "$script" && -x "$script" ]] || continue  # not tests/scripts/__pycache__ (a helper module imported)
        echo "== $script ($label, port $port)"
        if ! BASALT_ENDPOINT="http://127.0.0.1:$port" "$script"; then
            failures+=("$script ($label)")
        fi
    done
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
    rm -f "$log"
}

# The AWS SDK for JavaScript in headless Chromium, from another origin (CORS). Needs node and
# Debian's chromium (installed here when run as root); BASALT_BROWSER=off skips it.
if [[ "${BASALT_BROWSER:-on}" != "off" ]]; then
    echo "== browser (AWS SDK for JavaScript in headless Chromium)"
    if need_pkg chromium chromium && command -v node >/dev/null 2>&1 \
            && (cd tests/browser && npm install --no-audit --no-fund --silent >/dev/null 2>&1); then
        log=$(mktemp)
        admin_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
        if started=$(start_server "$log" --in-memory --admin-port "$admin_port"); then
            node tests/browser/run.mjs "http://127.0.0.1:${started#* }" || failures+=("browser test")
            echo "== browser: the web console (/console/; screenshots into target/console-screenshots/)"
            node tests/browser/console.mjs "http://127.0.0.1:${started#* }" "http://127.0.0.1:$admin_port" \
                || failures+=("browser test: console")
            kill "${started% *}" 2>/dev/null; wait "${started% *}" 2>/dev/null
        else
            failures+=("browser test: server did not start")
        fi
        # the console with verified signatures: an admin key, and a key whose policy allows one table
        auth_file=$(mktemp)
        cat >"$auth_file" <<'JSON'
{"accounts": [{"id": "111122223333", "name": "console"}],
 "users": [
  {"name": "console-admin", "account": "111122223333", "allowAll": true,
   "accessKeys": [{"accessKeyId": "AKIACONSOLEADMIN0001", "secretAccessKey": "console-admin-secret"}]},
  {"name": "console-reader", "account": "111122223333",
   "accessKeys": [{"accessKeyId": "AKIACONSOLEREADER001", "secretAccessKey": "console-reader-secret"}],
   "policies": [{"Version": "2012-10-17", "Statement": [
     {"Effect": "Allow", "Action": "dynamodb:*", "Resource": ["arn:aws:dynamodb:*:*:table/Orders", "arn:aws:dynamodb:*:*:table/Orders/*"]},
     {"Effect": "Allow", "Action": "dynamodb:ListTables", "Resource": "*"}]}]}]}
JSON
        echo "== browser: the web console with --auth-file (a key restricted to one table)"
        if started=$(start_server "$log" --in-memory --auth-file "$auth_file"); then
            node tests/browser/console-auth.mjs "http://127.0.0.1:${started#* }" || failures+=("browser test: console with auth")
            kill "${started% *}" 2>/dev/null; wait "${started% *}" 2>/dev/null
        else
            failures+=("browser test: server with --auth-file did not start")
        fi
        echo "== browser: the console's heat map and top keys under --capacity enforce (a hot key)"
        if started=$(start_server "$log" --in-memory --capacity enforce); then
            node tests/browser/console-hotkey.mjs "http://127.0.0.1:${started#* }" || failures+=("browser test: console hot key")
            kill "${started% *}" 2>/dev/null; wait "${started% *}" 2>/dev/null
        else
            failures+=("browser test: server with --capacity enforce did not start")
        fi
        rm -f "$log" "$auth_file"
    else
        failures+=("browser test: needs node, npm and chromium (apt-get install chromium nodejs npm)")
    fi
fi

# The MCP server (docs/mcp.md) through the official MCP TypeScript SDK client from npm, over stdio
# (basalt mcp, in-process and --endpoint) and streamable HTTP (basalt serve --mcp); the script starts
# its own servers on free ports. BASALT_MCP=off skips it.
if [[ "${BASALT_MCP:-on}" != "off" ]]; then
    echo "== MCP (official MCP TypeScript SDK client over stdio and streamable HTTP)"
    if command -v node >/dev/null 2>&1 && (cd tests/mcp && npm install --no-audit --no-fund --silent >/dev/null 2>&1); then
        node tests/mcp/run.mjs || failures+=("MCP test (tests/mcp/run.mjs)")
    else
        failures+=("MCP test: needs node and npm (apt-get install nodejs npm)")
    fi
fi

# A real S3-compatible server for the scripts' exports and imports (S3Mock from Maven Central, see
# tests/s3mock.sh): the servers below are started with --s3-endpoint (credentials for their S3 client in
# their environment) and the scripts get BASALT_S3_ENDPOINT. When it cannot be had, the reason is printed
# and the run fails (a helper server that cannot start is a failure, not a skip); BASALT_S3=off is the
# documented opt-out: then tests/scripts/boto3_s3_transfers.py skips.
s3_args=()
s3mock_dir=$(mktemp -d)
if [[ "${BASALT_S3:-on}" != "off" ]]; then
    echo "== S3Mock for the scripts"
    if s3mock=$(tests/s3mock.sh "$s3mock_dir"); then
        read -r s3mock_pid s3_endpoint s3_kms_key <<<"$s3mock"
        export BASALT_S3_ENDPOINT="$s3_endpoint" BASALT_S3_KMS_KEY_ID="$s3_kms_key"
        s3_args=(--s3-endpoint "$s3_endpoint")
        echo "S3Mock at $s3_endpoint"
    else
        echo "tests: S3Mock could not be started (see above); BASALT_S3=off skips the S3 transfer script on purpose"
        failures+=("S3Mock could not be started (tests/s3mock.sh; BASALT_S3=off to skip the S3 transfers)")
    fi
fi

data_dir=$(mktemp -d)
AWS_ACCESS_KEY_ID=basalt-s3 AWS_SECRET_ACCESS_KEY=basalt-s3 run_scripts "in memory" --in-memory "${s3_args[@]}"
AWS_ACCESS_KEY_ID=basalt-s3 AWS_SECRET_ACCESS_KEY=basalt-s3 run_scripts "on disk" --data-dir "$data_dir" "${s3_args[@]}"
rm -rf "$data_dir"
if [[ -n "${s3mock_pid:-}" ]]; then # not a child of this shell: wait for it to end by polling
    kill "$s3mock_pid" 2>/dev/null
    for _ in $(seq 1 50); do kill -0 "$s3mock_pid" 2>/dev/null || break; sleep 0.2; done
fi
rm -rf "$s3mock_dir"

# The ways Basalt reaches users besides the repository (docs/distribution.md): tests/distribution/run.sh
# (the bundle of ./basalt dist without Java; the JUnit 5 and Testcontainers examples; the container image
# with BASALT_IMAGE=on). BASALT_DIST=off skips them.
if [[ "${BASALT_DIST:-on}" != "off" ]]; then
    echo "== distribution (docs/distribution.md)"
    tests/distribution/run.sh || failures+=("distribution (tests/distribution/run.sh)")
fi

echo "== docs/compatibility.md"
if [[ -d target/compatibility ]]; then
    if "$JAVA_HOME/bin/java" -cp target/test-classes io.basalt.compat.CompatibilityReport "$ROOT" target/compatibility.md; then
        if cmp -s target/compatibility.md docs/compatibility.md; then
            echo "docs/compatibility.md is current"
        else
            diff -u docs/compatibility.md target/compatibility.md | head -40
            failures+=("docs/compatibility.md is not current: run ./basalt compat after a passing ./basalt test, and commit it")
        fi
    else
        failures+=("compatibility report")
    fi
fi

if [[ ${#failures[@]} -gt 0 ]]; then
    echo
    echo "FAILED:"
    printf '  - %s\n' "${failures[@]}"
    exit 1
fi
echo
echo "All tests passed."
