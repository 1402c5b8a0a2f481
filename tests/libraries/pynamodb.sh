# PynamoDB (github.com/pynamodb/PynamoDB): its integration tests (tests/integration, marked ddblocal)
# read the endpoint from PYNAMODB_INTEGRATION_TEST_DDB_URL. Run from the source tree: its only runtime
# dependency is botocore (and typing-extensions before Python 3.11). Sourced by run.sh.

setup() {
  python3 -c 'import botocore, pytest' || { echo "needs python3 with botocore and pytest" >&2; return 1; }
  # DynamoDB Local accepts an attribute definition no key schema uses; the service refuses it ("Some
  # AttributeDefinitions are not used"): drop the unused 'number' definition of the two low-level tests.
  python3 - <<'PY'
import re
for f in ("tests/integration/base_integration_test.py", "tests/integration/table_integration_test.py"):
    text = open(f).read()
    patched = re.sub(r",\s*\{\s*'attribute_type': NUMBER,\s*'attribute_name': 'number'\s*\}", "", text)
    assert patched != text, f"no unused 'number' definition in {f}"
    open(f, "w").write(patched)
PY
}

run_suite() { # URL RESULTS [pytest args]
  local url=$1 results=$2; shift 2
  rm -f junit.xml
  PYNAMODB_INTEGRATION_TEST_DDB_URL=$url PYTHONPATH=$PWD timeout 1800 \
    python3 -m pytest -p no:cacheprovider -o addopts= --junitxml=junit.xml -q ${@:-tests/integration} || true
  python3 "$ROOT/tests/libraries/junit_results.py" "$results" junit.xml
}
