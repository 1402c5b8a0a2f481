#!/usr/bin/env bash
# End-to-end check with the AWS CLI: PartiQL execute-statement, batch-execute-statement and
# execute-transaction against $BASALT_ENDPOINT.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
T="cli_pq_$$_$RANDOM"

ddb create-table --table-name "$T" \
  --attribute-definitions AttributeName=Artist,AttributeType=S AttributeName=SongTitle,AttributeType=S \
  --key-schema AttributeName=Artist,KeyType=HASH AttributeName=SongTitle,KeyType=RANGE \
  --billing-mode PAY_PER_REQUEST >/dev/null
ddb wait table-exists --table-name "$T"

out=$(ddb execute-statement --statement "INSERT INTO \"$T\" VALUE {'Artist': 'Acme Band', 'SongTitle': 'PartiQL Rocks', 'Awards': 1, 'Tags': <<'rock', 'live'>>}")
expect "INSERT answers no items" "0" "$(jq '.Items | length' <<<"$out")"
ddb execute-statement --statement "INSERT INTO \"$T\" VALUE {'Artist': ?, 'SongTitle': ?}" \
  --parameters '[{"S": "Acme Band"}, {"S": "Happy Day"}]' >/dev/null
echo "ok - INSERT with parameters"

set +e
err=$(ddb execute-statement --statement "INSERT INTO \"$T\" VALUE {'Artist': 'Acme Band', 'SongTitle': 'Happy Day'}" 2>&1)
set -e
grep -q "DuplicateItemException" <<<"$err" || fail "expected DuplicateItemException, got: $err"
grep -q "Duplicate primary key exists in table" <<<"$err" || fail "expected the duplicate text, got: $err"
echo "ok - INSERT of an existing key fails with DuplicateItemException"

out=$(ddb execute-statement --statement "SELECT SongTitle FROM \"$T\" WHERE Artist = 'Acme Band' ORDER BY SongTitle DESC" \
  --return-consumed-capacity TOTAL)
expect "SELECT by partition key in sort order" '["PartiQL Rocks","Happy Day"]' "$(jq -c '[.Items[].SongTitle.S]' <<<"$out")"
expect "SELECT reports consumed capacity" "0.5" "$(jq -r .ConsumedCapacity.CapacityUnits <<<"$out")"

out=$(ddb execute-statement --statement "UPDATE \"$T\" SET Awards = Awards + 1 WHERE Artist = 'Acme Band' AND SongTitle = 'PartiQL Rocks' RETURNING ALL NEW *")
expect "UPDATE ... RETURNING ALL NEW *" "2" "$(jq -r '.Items[0].Awards.N' <<<"$out")"

set +e
err=$(ddb execute-statement --statement "UPDATE \"$T\" SET Awards = 0 WHERE Artist = 'Acme Band'" 2>&1)
set -e
grep -q "Where clause does not contain a mandatory equality on all key attributes" <<<"$err" || fail "expected the key text, got: $err"
echo "ok - UPDATE without the full key is refused"

set +e
err=$(ddb execute-statement --statement "SELECT * FORM \"$T\"" 2>&1)
set -e
grep -q "Statement wasn't well formed, can't be processed" <<<"$err" || fail "expected a syntax error, got: $err"
echo "ok - syntax error"

cat > "/tmp/$T-batch.json" <<JSON
[
  {"Statement": "INSERT INTO \"$T\" VALUE {'Artist': 'Batch', 'SongTitle': 'One'}"},
  {"Statement": "INSERT INTO \"$T\" VALUE {'Artist': 'Acme Band', 'SongTitle': 'Happy Day'}"},
  {"Statement": "DELETE FROM \"$T\" WHERE Artist = 'Acme Band' AND SongTitle = 'Happy Day'"}
]
JSON
out=$(ddb batch-execute-statement --statements "file:///tmp/$T-batch.json")
expect "batch: per-statement results in order" '[null,"DuplicateItem",null]' "$(jq -c '[.Responses[].Error.Code]' <<<"$out")"

out=$(ddb batch-execute-statement --statements "[{\"Statement\": \"SELECT * FROM \\\"$T\\\" WHERE Artist = 'Batch' AND SongTitle = 'One'\"}]")
expect "batch read" "One" "$(jq -r '.Responses[0].Item.SongTitle.S' <<<"$out")"

cat > "/tmp/$T-tx.json" <<JSON
[
  {"Statement": "EXISTS(SELECT * FROM \"$T\" WHERE Artist = 'Acme Band' AND SongTitle = 'PartiQL Rocks' AND Awards = 2)"},
  {"Statement": "UPDATE \"$T\" SET Played = 1 WHERE Artist = 'Batch' AND SongTitle = 'One'"}
]
JSON
ddb execute-transaction --transact-statements "file:///tmp/$T-tx.json" --client-request-token "tok-$T" >/dev/null
out=$(ddb execute-statement --statement "SELECT Played FROM \"$T\" WHERE Artist = 'Batch' AND SongTitle = 'One'")
expect "transaction applied" "1" "$(jq -r '.Items[0].Played.N' <<<"$out")"

sed -i 's/Awards = 2/Awards = 99/' "/tmp/$T-tx.json"
set +e
err=$(ddb execute-transaction --transact-statements "file:///tmp/$T-tx.json" 2>&1)
set -e
grep -q "TransactionCanceledException" <<<"$err" || fail "expected TransactionCanceledException, got: $err"
grep -q "\[ConditionalCheckFailed, None\]" <<<"$err" || fail "expected the cancellation reasons, got: $err"
echo "ok - a failed EXISTS cancels the transaction"
rm -f "/tmp/$T-batch.json" "/tmp/$T-tx.json"

ddb delete-table --table-name "$T" >/dev/null
echo "ok - cli_partiql done"
