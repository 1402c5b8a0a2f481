#!/usr/bin/env bash
# End-to-end check with the AWS CLI: table life cycle and item operations against $BASALT_ENDPOINT.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
T="cli_$$_$RANDOM"

out=$(ddb create-table --table-name "$T" \
  --attribute-definitions AttributeName=pk,AttributeType=S AttributeName=sk,AttributeType=N \
  --key-schema AttributeName=pk,KeyType=HASH AttributeName=sk,KeyType=RANGE \
  --billing-mode PAY_PER_REQUEST)
expect "create-table returns the table name" "$T" "$(jq -r .TableDescription.TableName <<<"$out")"
expect "ARN carries the request region" "arn:aws:dynamodb:eu-west-1:123456789012:table/$T" "$(jq -r .TableDescription.TableArn <<<"$out")"
ddb wait table-exists --table-name "$T"
echo "ok - wait table-exists"

ddb put-item --table-name "$T" --item '{"pk":{"S":"a"},"sk":{"N":"1"},"v":{"S":"one"},"n":{"N":"10"}}'
ddb put-item --table-name "$T" --item '{"pk":{"S":"a"},"sk":{"N":"2"},"v":{"S":"two"}}'
ddb put-item --table-name "$T" --item '{"pk":{"S":"b"},"sk":{"N":"1.50"},"tags":{"SS":["x","y"]}}'

out=$(ddb get-item --table-name "$T" --key '{"pk":{"S":"a"},"sk":{"N":"1"}}' --consistent-read)
expect "get-item reads the item" "one" "$(jq -r .Item.v.S <<<"$out")"
out=$(ddb get-item --table-name "$T" --key '{"pk":{"S":"b"},"sk":{"N":"1.5"}}')
expect "numbers are canonical" "1.5" "$(jq -r .Item.sk.N <<<"$out")"

out=$(ddb scan --table-name "$T")
expect "scan counts every item" "3" "$(jq -r .Count <<<"$out")"

out=$(ddb update-item --table-name "$T" --key '{"pk":{"S":"a"},"sk":{"N":"1"}}' \
  --update-expression 'SET v = :v ADD n :inc' \
  --expression-attribute-values '{":v":{"S":"uno"},":inc":{"N":"5"}}' --return-values ALL_NEW)
expect "update-item SET" "uno" "$(jq -r .Attributes.v.S <<<"$out")"
expect "update-item ADD" "15" "$(jq -r .Attributes.n.N <<<"$out")"

set +e
err=$(ddb put-item --table-name "$T" --item '{"pk":{"S":"a"},"sk":{"N":"2"}}' \
  --condition-expression 'attribute_not_exists(pk)' 2>&1)
rc=$?
set -e
[[ $rc -ne 0 ]] || fail "conditional put should fail"
grep -q "ConditionalCheckFailedException" <<<"$err" || fail "expected ConditionalCheckFailedException, got: $err"
echo "ok - conditional put fails with ConditionalCheckFailedException"

out=$(ddb delete-item --table-name "$T" --key '{"pk":{"S":"a"},"sk":{"N":"2"}}' --return-values ALL_OLD)
expect "delete-item returns the old item" "two" "$(jq -r .Attributes.v.S <<<"$out")"
out=$(ddb scan --table-name "$T" --select COUNT)
expect "two items left" "2" "$(jq -r .Count <<<"$out")"

set +e
err=$(ddb get-item --table-name "no_such_table_$$" --key '{"pk":{"S":"a"}}' 2>&1)
set -e
grep -q "ResourceNotFoundException" <<<"$err" || fail "expected ResourceNotFoundException, got: $err"
echo "ok - missing table gives ResourceNotFoundException"

ddb delete-table --table-name "$T" >/dev/null
ddb wait table-not-exists --table-name "$T"
echo "ok - delete-table and wait table-not-exists"
echo "cli_items.sh: all checks passed"
