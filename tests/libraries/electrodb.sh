# ElectroDB (github.com/tywalch/electrodb): its connected mocha specs (test/connected.*, test/ts_connected.*)
# read the endpoint from LOCAL_DYNAMO_ENDPOINT; test/init.js creates their tables. Sourced by run.sh.

setup() {
  # Only the packages the specs import (the full devDependencies pull in aws-cdk, sst, jest, ...);
  # no lockfile: it pins versions the reachable registry may not serve.
  rm -f package-lock.json
  node -e '
    const p = require("./package.json");
    const keep = ["@aws-sdk/client-dynamodb", "@faker-js/faker", "@types/chai", "@types/mocha", "@types/node",
                  "@types/uuid", "aws-sdk", "chai", "mocha", "moment", "ts-node", "typescript", "uuid"];
    p.devDependencies = Object.fromEntries(keep.filter(k => p.devDependencies[k]).map(k => [k, p.devDependencies[k]]));
    p.scripts = {};
    require("fs").writeFileSync("package.json", JSON.stringify(p, null, 2));'
  npm install --no-audit --no-fund
  # DynamoDB Local accepts attribute definitions no key schema uses; the service refuses them
  # ("Some AttributeDefinitions are not used"): drop them from the suite's table definitions.
  node -e '
    const fs = require("fs");
    for (const f of ["examples/common/definition.json", ...fs.readdirSync("test/definitions").map(n => "test/definitions/" + n)]) {
      if (!f.endsWith(".json")) continue;
      const d = JSON.parse(fs.readFileSync(f, "utf8"));
      if (!d.AttributeDefinitions) continue;
      const used = new Set([d, ...(d.GlobalSecondaryIndexes || []), ...(d.LocalSecondaryIndexes || [])]
        .flatMap(x => x.KeySchema || []).map(k => k.AttributeName));
      const kept = d.AttributeDefinitions.filter(a => used.has(a.AttributeName));
      if (kept.length !== d.AttributeDefinitions.length) {
        console.log("unused attribute definitions dropped in " + f);
        d.AttributeDefinitions = kept;
        fs.writeFileSync(f, JSON.stringify(d, null, 2));
      }
    }'
}

run_suite() { # URL RESULTS [mocha args]
  local url=$1 results=$2; shift 2
  export LOCAL_DYNAMO_ENDPOINT=$url TS_NODE_TRANSPILE_ONLY=true
  node ./test/init.js || return 1
  rm -f xunit.xml
  timeout 1800 npx mocha -r ts-node/register --timeout 20000 --reporter xunit --reporter-option output=xunit.xml \
    ${@:-./test/connected.*.spec.js ./test/ts_connected.*.spec.*} || true
  python3 "$ROOT/tests/libraries/junit_results.py" "$results" xunit.xml
}
