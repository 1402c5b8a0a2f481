# Sourced by the CLI scripts (not executable, so tests/run-all.sh does not run it on its own):
# credentials, the endpoint, and the small assertion helpers they share.
: "${BASALT_ENDPOINT:?set BASALT_ENDPOINT to a running Basalt, e.g. http://127.0.0.1:8000}"
export AWS_ACCESS_KEY_ID=AKIDCLI AWS_SECRET_ACCESS_KEY=secret AWS_DEFAULT_REGION=eu-west-1 AWS_PAGER=""
ddb() { aws dynamodb --endpoint-url "$BASALT_ENDPOINT" --output json "$@"; }
dds() { aws dynamodbstreams --endpoint-url "$BASALT_ENDPOINT" --output json "$@"; }
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() { # expect <description> <expected> <actual>
  [[ "$2" == "$3" ]] || fail "$1: expected [$2] got [$3]"
  echo "ok - $1"
}
expect_error() { # expect_error <description> <expected last stderr line> <command...>
  local desc=$1 want=$2 err
  shift 2
  if err=$("$@" 2>&1 >/dev/null); then fail "$desc: succeeded"; fi
  err=$(grep -v '^$' <<<"$err" | tail -1)
  expect "$desc" "$want" "$err"
}
