#!/usr/bin/env bash
# The container image (docker/Dockerfile) built here and run as a user would: ./basalt image builds
# it (on a base made from Debian packages when no registry is reachable), then a container on a named
# volume with host networking (the only networking used here) answers the AWS CLI and boto3, reports
# itself healthy, runs as a non-root user, takes options from BASALT_* variables, stops on SIGTERM
# within 5 s, and a new container on the same volume finds the data.
#   tests/distribution/image-test.sh        (needs Docker; starts dockerd when root and none runs)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok - $*"; }
passed=0
pass() { ok "$@"; passed=$((passed + 1)); }

"$ROOT/docker/build-image.sh" >&2 || fail "./basalt image did not build the image"
tag="$(docker image inspect -f '{{range .RepoTags}}{{.}} {{end}}' basalt:latest | tr ' ' '\n' | grep -v ':latest$' | head -1)"
pass "built $tag and basalt:latest ($(docker image inspect -f '{{.Size}}' basalt:latest | awk '{printf "%.0f MB", $1/1e6}'))"

volume="basalt-image-test-$$"
docker volume create "$volume" >/dev/null
cid=""
cleanup() {
    [[ -n "$cid" ]] && docker rm -f "$cid" >/dev/null 2>&1
    docker volume rm -f "$volume" >/dev/null 2>&1
}
trap cleanup EXIT
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
endpoint="http://127.0.0.1:$port"
run() { # run [docker run options]: a container on the volume; sets cid and ms (to the first answer)
    local t0 t1
    t0=$(date +%s%N)
    cid="$(docker run -d --network host -e BASALT_PORT="$port" -v "$volume:/data" "$@" basalt:latest)"
    for _ in $(seq 1 1500); do
        curl -s -o /dev/null "$endpoint/" && { t1=$(date +%s%N); ms=$(( (t1 - t0) / 1000000 )); return 0; }
        [[ "$(docker inspect -f '{{.State.Running}}' "$cid")" == true ]] || break
        sleep 0.02
    done
    fail "container did not answer: $(docker logs "$cid" 2>&1 | tail -5)"
}
stop_by_sigterm() {
    local t0 t1
    t0=$(date +%s%N)
    docker kill -s TERM "$cid" >/dev/null
    timeout 5 docker wait "$cid" >/dev/null || fail "the container did not stop within 5 s of SIGTERM"
    t1=$(date +%s%N)
    stop_ms=$(( (t1 - t0) / 1000000 ))
    docker rm "$cid" >/dev/null
    cid=""
}

run -e BASALT_CAPACITY=enforce
docker logs "$cid" | grep -q "listening on http://0.0.0.0:$port (storage: rocksdb in /data, auth: none-i-know" \
    || fail "start-up line: $(docker logs "$cid" 2>&1)"
pass "docker run answered after $ms ms (BASALT_PORT from the environment, data in the volume)"
[[ "$(docker exec "$cid" id -u)" == 10001 ]] || fail "the server does not run as uid 10001"
pass "runs as the non-root user basalt (uid 10001)"

export AWS_ACCESS_KEY_ID=AKIDIMAGE AWS_SECRET_ACCESS_KEY=secret AWS_DEFAULT_REGION=us-east-1 AWS_PAGER=""
ddb() { aws dynamodb --endpoint-url "$endpoint" --output json "$@"; }
ddb create-table --table-name Images --provisioned-throughput ReadCapacityUnits=1,WriteCapacityUnits=1 \
    --attribute-definitions AttributeName=id,AttributeType=S --key-schema AttributeName=id,KeyType=HASH >/dev/null
ddb put-item --table-name Images --item '{"id":{"S":"cli"},"n":{"N":"1"}}'
[[ "$(ddb get-item --table-name Images --key '{"id":{"S":"cli"}}' --query Item.n.N --output text)" == 1 ]] || fail "AWS CLI get-item"
pass "AWS CLI create-table, put-item, get-item"
BASALT_ENDPOINT="$endpoint" python3 - <<'PY' || fail "boto3 smoke"
import os, boto3, botocore
c = boto3.client("dynamodb", endpoint_url=os.environ["BASALT_ENDPOINT"])
c.put_item(TableName="Images", Item={"id": {"S": "sdk"}, "n": {"N": "2"}})
assert c.get_item(TableName="Images", Key={"id": {"S": "sdk"}}, ConsistentRead=True)["Item"]["n"] == {"N": "2"}
assert c.scan(TableName="Images", ConsistentRead=True)["Count"] == 2
try:
    c.get_item(TableName="Missing", Key={"id": {"S": "x"}})
    raise SystemExit("no error for a missing table")
except botocore.exceptions.ClientError as e:
    assert e.response["Error"]["Code"] == "ResourceNotFoundException", e.response
    assert e.response["Error"]["Message"] == "Requested resource not found", e.response
PY
pass "boto3 put/get/scan and ResourceNotFoundException"
# BASALT_CAPACITY=enforce reached the server: a provisioned table meters and reports its capacity
consumed="$(ddb get-item --table-name Images --key '{"id":{"S":"cli"}}' --return-consumed-capacity TOTAL --query ConsumedCapacity.CapacityUnits --output text)"
[[ "$consumed" == 0.5 ]] || fail "consumed capacity [$consumed]"
for _ in $(seq 1 100); do
    [[ "$(docker inspect -f '{{.State.Health.Status}}' "$cid")" == healthy ]] && break
    sleep 0.3
done
[[ "$(docker inspect -f '{{.State.Health.Status}}' "$cid")" == healthy ]] || fail "HEALTHCHECK: $(docker inspect -f '{{json .State.Health}}' "$cid")"
pass "HEALTHCHECK reports healthy"

stop_by_sigterm
pass "SIGTERM stopped the container in $stop_ms ms"
run
[[ "$(ddb get-item --table-name Images --key '{"id":{"S":"sdk"}}' --query Item.n.N --output text)" == 2 ]] || fail "data lost across containers"
pass "a new container on the same volume (answered after $ms ms) finds the items"
stop_by_sigterm
pass "SIGTERM stopped it again in $stop_ms ms"
echo "image: $passed passed, 0 failed"
