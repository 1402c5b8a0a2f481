#!/usr/bin/env bash
# Run another DynamoDB library's own integration suite against a running DynamoDB endpoint
# (issue #25: real clients find what specifications miss). Not part of ./basalt test: it needs the
# npm registry / Maven Central and the libraries' git mirrors.
#
# usage: tests/libraries/run.sh NAME URL [suite args...]
#   NAME: electrodb (JavaScript, mocha), pynamodb (Python, pytest), lock-client (Java,
#         awslabs/amazon-dynamodb-lock-client, JUnit 4 through Maven)
#   URL:  e.g. http://127.0.0.1:8123 (a Basalt started with ./basalt serve --in-memory --port 8123)
#
# Each library is extracted from a bare git mirror (github.com/OWNER/NAME fetched as
# .mirror/OWNER+NAME/repo in the nearest .mirror/ above this repository, or $LIBRARY_MIRRORS) into
# target/libraries/NAME-<sha>, once per commit, with its dependencies installed there. Nothing of the
# libraries is copied into the project. Prints the failing tests and, as its last line:
#   library NAME: P passed, F failed
# exit: 0 none failed, 1 some failed, 2 environment problem.
#
# environment: LIBRARY_MIRRORS, LIBRARY_COMMIT (HEAD), LIBRARY_KEEP_LOG (copy the suite's log here)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ $# -ge 2 ] || { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
name=$1; url=${2%/}; shift 2
if [ -z "${LIBRARY_MIRRORS:-}" ]; then
  d=$ROOT
  while [ "$d" != / ] && [ ! -d "$d/.mirror" ]; do d=$(dirname "$d"); done
  LIBRARY_MIRRORS=$d/.mirror
fi
case $name in
  electrodb)   repo=tywalch+electrodb ;;
  pynamodb)    repo=pynamodb+PynamoDB ;;
  lock-client) repo=awslabs+amazon-dynamodb-lock-client ;;
  *) echo "run.sh: unknown library '$name' (electrodb, pynamodb, lock-client)" >&2; exit 2 ;;
esac
mirror=$LIBRARY_MIRRORS/$repo/repo
git --git-dir="$mirror" rev-parse --git-dir >/dev/null 2>&1 \
  || { echo "run.sh: no git mirror at $mirror (fetch github.com/${repo/+//} first)" >&2; exit 2; }
sha=$(git --git-dir="$mirror" rev-parse --verify "${LIBRARY_COMMIT:-HEAD}^{commit}")
src=$ROOT/target/libraries/$name-${sha:0:12}
log=$ROOT/target/libraries/$name.log
mkdir -p "$ROOT/target/libraries"

python3 - "$url" <<'PY' || exit 2
import socket, sys
from urllib.parse import urlsplit
u = urlsplit(sys.argv[1])
try: socket.create_connection((u.hostname, u.port or 80), timeout=10).close()
except Exception as e: print(f"run.sh: endpoint {sys.argv[1]} unreachable: {e}", file=sys.stderr); sys.exit(1)
PY

# the suites sign with throwaway credentials; no profile of the user's may leak in
export AWS_ACCESS_KEY_ID=fakeAccessKeyId AWS_SECRET_ACCESS_KEY=fakeSecretAccessKey
export AWS_REGION=us-east-1 AWS_DEFAULT_REGION=us-east-1
export AWS_CONFIG_FILE=/dev/null AWS_SHARED_CREDENTIALS_FILE=/dev/null
unset AWS_PROFILE AWS_SESSION_TOKEN

extract() { # extract the mirror's commit into $src (once); $1: the setup function to run in it
  [ -f "$src/.complete" ] && return 0
  rm -rf "$src"; mkdir -p "$src"
  git --git-dir="$mirror" archive "$sha" | tar -x -C "$src"
  (cd "$src" && "$1") >"$src.setup.log" 2>&1 || { echo "run.sh: setup failed; see $src.setup.log" >&2; exit 2; }
  git --git-dir="$mirror" log -1 --format='%H %ci' "$sha" >"$src/.complete"
}

# tests/libraries/NAME.sh defines setup (run once in the extracted tree) and run_suite URL RESULTS
# [args] (runs the suite in it, writes one line per test to RESULTS: passed|failed<TAB>test<TAB>message)
# shellcheck source=/dev/null
source "$ROOT/tests/libraries/$name.sh"
extract setup
results=$ROOT/target/libraries/$name.results
rm -f "$results"
echo "run.sh: $name $(cut -c1-12 "$src/.complete") against $url (log: $log)" >&2
(cd "$src" && run_suite "$url" "$results" "$@") >"$log" 2>&1 || true
[ -s "$results" ] || { echo "run.sh: the suite reported nothing" >&2; tail -20 "$log" >&2; exit 2; }
[ -z "${LIBRARY_KEEP_LOG:-}" ] || cp "$log" "$LIBRARY_KEEP_LOG"
python3 - "$name" "$results" <<'PY'
import sys, collections
name, path = sys.argv[1], sys.argv[2]
tot = collections.Counter()
for line in open(path, encoding="utf-8"):
    status, test, message = (line.rstrip("\n").split("\t") + ["", ""])[:3]
    tot[status] += 1
    if status == "failed":
        print(f"FAILED {test[:160]} | {message[:240]}")
print(f"library {name}: {tot['passed']} passed, {tot['failed']} failed")
sys.exit(1 if tot["failed"] else 0)
PY
