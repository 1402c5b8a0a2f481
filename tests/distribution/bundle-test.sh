#!/usr/bin/env bash
# The bundle of ./basalt dist on a machine without Java: unpacks the tarball into a fresh directory and
# starts bin/basalt serve with an empty environment (no PATH, no JAVA_HOME: only the bundle's own
# runtime can run it), then the AWS CLI creates a table, writes and reads an item; a restart on the
# same data directory finds the item. Prints the bundle's size and its start-up to the first answer.
#   tests/distribution/bundle-test.sh [TARBALL]   (default: the newest target/dist/*.tar.gz, made when absent)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
tarball="${1:-}"
if [[ -z "$tarball" ]]; then
    tarball="$(ls -t "$ROOT"/target/dist/basalt-*-linux-x64.tar.gz 2>/dev/null | head -1 || true)"
    if [[ -z "$tarball" || "$ROOT/target/basalt.jar" -nt "$tarball" ]]; then
        "$ROOT/packaging/bundle.sh" >&2
        tarball="$(ls -t "$ROOT"/target/dist/basalt-*-linux-x64.tar.gz | head -1)"
    fi
fi
work="$(mktemp -d)"
pid=""
cleanup() { [[ -n "$pid" ]] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok - $*"; }

tar -C "$work" -xzf "$tarball"
home="$(ls -d "$work"/basalt-*)"
[[ -x "$home/bin/basalt" && -x "$home/runtime/bin/java" ]] || fail "bundle lacks bin/basalt or runtime/bin/java"
ok "unpacked $(basename "$tarball"): $(du -m "$tarball" | cut -f1) MB packed, $(du -sm "$home" | cut -f1) MB unpacked"

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
endpoint="http://127.0.0.1:$port"
start() { # start: the server with no environment at all; sets pid and ms (to the first answer)
    local t0 t1
    t0=$(date +%s%N)
    env -i "$home/bin/basalt" serve --port "$port" --data-dir "$work/data" >"$work/serve.log" 2>&1 &
    pid=$!
    for _ in $(seq 1 1200); do
        curl -s -o /dev/null "$endpoint/" && { t1=$(date +%s%N); ms=$(( (t1 - t0) / 1000000 )); return 0; }
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.02
    done
    fail "bin/basalt serve did not answer: $(cat "$work/serve.log")"
}
stop() { # SIGTERM, as a service manager stops it
    kill -TERM "$pid"
    for _ in $(seq 1 250); do kill -0 "$pid" 2>/dev/null || { pid=""; return 0; }; sleep 0.02; done
    fail "bin/basalt did not stop within 5 s of SIGTERM"
}

start
grep -q "listening on $endpoint" "$work/serve.log" || fail "unexpected start-up line: $(cat "$work/serve.log")"
ok "bin/basalt serve with an empty environment answered after $ms ms"
export AWS_ACCESS_KEY_ID=AKIDBUNDLE AWS_SECRET_ACCESS_KEY=secret AWS_DEFAULT_REGION=us-east-1 AWS_PAGER=""
ddb() { aws dynamodb --endpoint-url "$endpoint" --output json "$@"; }
ddb create-table --table-name Bundle --billing-mode PAY_PER_REQUEST \
    --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH >/dev/null
ddb put-item --table-name Bundle --item '{"id":{"S":"a"},"n":{"N":"42"}}'
got="$(ddb get-item --table-name Bundle --key '{"id":{"S":"a"}}' --query Item.n.N --output text)"
[[ "$got" == "42" ]] || fail "get-item answered [$got]"
ok "AWS CLI create-table, put-item, get-item against the bundle"
stop
ok "stopped by SIGTERM"
start
got="$(ddb get-item --table-name Bundle --key '{"id":{"S":"a"}}' --query Item.n.N --output text)"
[[ "$got" == "42" ]] || fail "after a restart get-item answered [$got]"
ok "restart on the same data directory (answered after $ms ms) keeps the item"
stop
echo "bundle: 5 passed, 0 failed"
