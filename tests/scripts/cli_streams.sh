#!/usr/bin/env bash
# End-to-end check with the AWS CLI: `aws dynamodbstreams` (ListStreams, DescribeStream with paging
# and ShardFilter, GetShardIterator of every type, GetRecords) and TTL settings against $BASALT_ENDPOINT.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "$0")/common.sh"
T="clistream_$$_$RANDOM"

ddb create-table --table-name "$T" \
  --attribute-definitions AttributeName=pk,AttributeType=S --key-schema AttributeName=pk,KeyType=HASH \
  --billing-mode PAY_PER_REQUEST --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES >/dev/null
arn=$(ddb describe-table --table-name "$T" | jq -r .Table.LatestStreamArn)
expect "stream ARN carries the region and the label" "arn:aws:dynamodb:eu-west-1:123456789012:table/$T/stream/" "${arn%/stream/*}/stream/"

out=$(dds list-streams --table-name "$T")
expect "list-streams finds the stream" "$arn" "$(jq -r '.Streams[0].StreamArn' <<<"$out")"
expect "list-streams names the table" "$T" "$(jq -r '.Streams[0].TableName' <<<"$out")"

ddb put-item --table-name "$T" --item '{"pk":{"S":"a"},"v":{"N":"1"}}'
ddb update-item --table-name "$T" --key '{"pk":{"S":"a"}}' --update-expression 'SET v = :v' \
  --expression-attribute-values '{":v":{"N":"2"}}'
ddb delete-item --table-name "$T" --key '{"pk":{"S":"a"}}'

out=$(dds describe-stream --stream-arn "$arn")
expect "describe-stream: ENABLED" "ENABLED" "$(jq -r .StreamDescription.StreamStatus <<<"$out")"
expect "describe-stream: view type" "NEW_AND_OLD_IMAGES" "$(jq -r .StreamDescription.StreamViewType <<<"$out")"
expect "describe-stream: four open shards" "4 0" \
  "$(jq -r '[.StreamDescription.Shards | length, ([.[] | select(.SequenceNumberRange.EndingSequenceNumber)] | length)] | join(" ")' <<<"$out")"
first=$(jq -r '.StreamDescription.Shards[0].ShardId' <<<"$out")
page=$(dds describe-stream --stream-arn "$arn" --limit 1 --no-paginate)
expect "describe-stream pages by Limit" "$first" "$(jq -r .StreamDescription.LastEvaluatedShardId <<<"$page")"
page=$(dds describe-stream --stream-arn "$arn" --exclusive-start-shard-id "$first")
expect "describe-stream resumes after ExclusiveStartShardId" "3" "$(jq -r '.StreamDescription.Shards | length' <<<"$page")"
out2=$(dds describe-stream --stream-arn "$arn" --shard-filter "Type=CHILD_SHARDS,ShardId=$first")
expect "an open shard has no children yet" "0" "$(jq -r '.StreamDescription.Shards | length' <<<"$out2")"

# the shard that holds the key's records
events=""; shard=""
for s in $(jq -r '.StreamDescription.Shards[].ShardId' <<<"$out"); do
  it=$(dds get-shard-iterator --stream-arn "$arn" --shard-id "$s" --shard-iterator-type TRIM_HORIZON | jq -r .ShardIterator)
  recs=$(dds get-records --shard-iterator "$it")
  if [[ $(jq -r '.Records | length' <<<"$recs") != 0 ]]; then
    shard=$s; events=$(jq -r '[.Records[].eventName] | join(",")' <<<"$recs"); break
  fi
done
expect "get-records: one record per change, in order" "INSERT,MODIFY,REMOVE" "$events"
expect "MODIFY carries both images" "1 2" "$(jq -r '.Records[1].dynamodb | "\(.OldImage.v.N) \(.NewImage.v.N)"' <<<"$recs")"
expect "records name their source" "aws:dynamodb eu-west-1" "$(jq -r '.Records[0] | "\(.eventSource) \(.awsRegion)"' <<<"$recs")"
expect "open shards keep an iterator" "true" "$(jq -r '.NextShardIterator != null' <<<"$recs")"
seq2=$(jq -r '.Records[1].dynamodb.SequenceNumber' <<<"$recs")
it=$(dds get-shard-iterator --stream-arn "$arn" --shard-id "$shard" --shard-iterator-type AT_SEQUENCE_NUMBER --sequence-number "$seq2" | jq -r .ShardIterator)
expect "AT_SEQUENCE_NUMBER starts at the record" "MODIFY" "$(dds get-records --shard-iterator "$it" --limit 1 | jq -r '.Records[0].eventName')"
it=$(dds get-shard-iterator --stream-arn "$arn" --shard-id "$shard" --shard-iterator-type AFTER_SEQUENCE_NUMBER --sequence-number "$seq2" | jq -r .ShardIterator)
expect "AFTER_SEQUENCE_NUMBER starts after it" "REMOVE" "$(dds get-records --shard-iterator "$it" | jq -r '.Records[0].eventName')"
it=$(dds get-shard-iterator --stream-arn "$arn" --shard-id "$shard" --shard-iterator-type LATEST | jq -r .ShardIterator)
expect "LATEST sees only new records" "0" "$(dds get-records --shard-iterator "$it" | jq -r '.Records | length')"

expect_error "get-records Limit above 1000" \
  "An error occurred (ValidationException) when calling the GetRecords operation: 1 validation error detected: Value '1001' at 'limit' failed to satisfy constraint: Member must have value less than or equal to 1000" \
  dds get-records --shard-iterator "$it" --limit 1001
expect_error "get-shard-iterator of an unknown shard" \
  "An error occurred (ResourceNotFoundException) when calling the GetShardIterator operation: Requested resource not found: Shard does not exist" \
  dds get-shard-iterator --stream-arn "$arn" --shard-id shardId-00000000000000000000-00000000 --shard-iterator-type LATEST
expect_error "describe-stream of an unknown stream" \
  "An error occurred (ResourceNotFoundException) when calling the DescribeStream operation: Requested resource not found: Stream: ${arn/$T/${T}_x} not found" \
  dds describe-stream --stream-arn "${arn/$T/${T}_x}"

ddb update-table --table-name "$T" --stream-specification StreamEnabled=false >/dev/null
out=$(dds describe-stream --stream-arn "$arn")
expect "a disabled stream is DISABLED" "DISABLED" "$(jq -r .StreamDescription.StreamStatus <<<"$out")"
expect "its shards are closed" "4" "$(jq -r '[.StreamDescription.Shards[] | select(.SequenceNumberRange.EndingSequenceNumber)] | length' <<<"$out")"
it=$(dds get-shard-iterator --stream-arn "$arn" --shard-id "$shard" --shard-iterator-type TRIM_HORIZON | jq -r .ShardIterator)
recs=$(dds get-records --shard-iterator "$it")
expect "records stay readable; a drained closed shard has no next iterator" "3 null" \
  "$(jq -r '"\(.Records | length) \(.NextShardIterator)"' <<<"$recs")"

out=$(ddb update-time-to-live --table-name "$T" --time-to-live-specification Enabled=true,AttributeName=expires)
expect "update-time-to-live echoes the specification" "true expires" "$(jq -r '.TimeToLiveSpecification | "\(.Enabled) \(.AttributeName)"' <<<"$out")"
out=$(ddb describe-time-to-live --table-name "$T")
expect "describe-time-to-live: ENABLED" "ENABLED expires" "$(jq -r '.TimeToLiveDescription | "\(.TimeToLiveStatus) \(.AttributeName)"' <<<"$out")"
expect_error "enabling TTL twice" \
  "An error occurred (ValidationException) when calling the UpdateTimeToLive operation: TimeToLive is already enabled" \
  ddb update-time-to-live --table-name "$T" --time-to-live-specification Enabled=true,AttributeName=expires

ddb delete-table --table-name "$T" >/dev/null
echo "ok - cli_streams done"
