#!/usr/bin/env python3
"""Vector indexes and SearchVectors from Python against $BASALT_ENDPOINT (docs/vector-search.md).
The boto3 installed here predates the operation (botocore < 1.43.64 has no SearchVectors and no
VectorIndexes members), so the requests are signed with botocore's SigV4 and sent as they are."""
import json
import os
import random
import sys
import time
import urllib.error
import urllib.request

from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from boto3_checks import check

endpoint = os.environ.get("BASALT_ENDPOINT")
if not endpoint:
    sys.exit("set BASALT_ENDPOINT to a running Basalt, e.g. http://127.0.0.1:8000")
credentials = Credentials("AKIDBOTO", "secret")


def call(operation, body):
    """(status, answer) of a DynamoDB JSON request signed as the SDKs sign it."""
    req = AWSRequest(method="POST", url=endpoint + "/", data=json.dumps(body),
                     headers={"Content-Type": "application/x-amz-json-1.0", "X-Amz-Target": "DynamoDB_20120810." + operation})
    SigV4Auth(credentials, "dynamodb", "us-east-1").add_auth(req)
    r = urllib.request.Request(endpoint + "/", data=req.body.encode() if isinstance(req.body, str) else req.body,
                               headers=dict(req.headers.items()), method="POST")
    try:
        with urllib.request.urlopen(r) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def refused(operation, body):
    status, answer = call(operation, body)
    return status, answer.get("__type", "").split("#")[-1], answer.get("message", answer.get("Message"))


def vector(values):
    return [{"N": repr(float(v))} for v in values]


name = f"boto3_vec_{os.getpid()}_{random.randint(0, 99999)}"
status, _ = call("CreateTable", {
    "TableName": name, "BillingMode": "PAY_PER_REQUEST",
    "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "cat", "AttributeType": "S"}],
    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
    "VectorIndexes": [{"IndexName": "byEmb", "VectorAttribute": {"AttributeName": "emb"}, "Dimensions": 3,
                       "DistanceFunction": "EUCLIDEAN", "Projection": {"ProjectionType": "ALL"},
                       "SearchSchema": [{"AttributeName": "cat", "SearchSchemaElementType": "HASH"}]}]})
check("CreateTable with VectorIndexes", 200, status)
end = time.time() + 10
while True:
    index = call("DescribeTable", {"TableName": name})[1]["Table"]["VectorIndexes"][0]
    if index["IndexStatus"] == "ACTIVE":
        break
    if time.time() > end:
        sys.exit("FAIL: the vector index never became ACTIVE")
    time.sleep(0.01)
check("DescribeTable shows the index", ("byEmb", 3, "EUCLIDEAN", "emb"),
      (index["IndexName"], index["Dimensions"], index["DistanceFunction"], index["VectorAttribute"]["AttributeName"]))

points = {f"p{i}": [i, 0, 0] for i in range(10)}
for pk, v in points.items():
    call("PutItem", {"TableName": name, "Item": {"pk": {"S": pk}, "cat": {"S": "a"}, "emb": {"L": vector(v)}}})
call("PutItem", {"TableName": name, "Item": {"pk": {"S": "other"}, "cat": {"S": "b"}, "emb": {"L": vector([3, 0, 0])}}})

status, answer = call("SearchVectors", {"TableName": name, "IndexName": "byEmb", "SearchVector": vector([3.2, 0, 0]), "TopK": 3,
                                        "SearchConditionExpression": "cat = :c", "ExpressionAttributeValues": {":c": {"S": "a"}},
                                        "ReturnConsumedCapacity": "TOTAL"})
check("SearchVectors: the three nearest of the partition, nearest first",
      (200, ["p3", "p4", "p2"]), (status, [h["Item"]["pk"]["S"] for h in answer["SearchResults"]]))
check("Euclidean distances as scores", [0.2, 0.8, 1.2], [round(h["Score"], 6) for h in answer["SearchResults"]])
check("the embedding is left out of results", False, "emb" in answer["SearchResults"][0]["Item"])
check("consumed capacity in bytes, 1 KB at least", 1024.0, answer["ConsumedCapacity"]["VectorSearchRequestBytes"])

check("TopK out of range",
      (400, "ValidationException", "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive"),
      refused("SearchVectors", {"TableName": name, "IndexName": "byEmb", "SearchVector": vector([1, 0, 0]), "TopK": 101,
                                "SearchConditionExpression": "cat = :c", "ExpressionAttributeValues": {":c": {"S": "a"}}}))
check("the HASH attribute is required",
      (400, "ValidationException", "SearchConditionExpression must be provided when SearchSchema has a HASH key"),
      refused("SearchVectors", {"TableName": name, "IndexName": "byEmb", "SearchVector": vector([1, 0, 0]), "TopK": 1}))
check("wrong query dimension",
      (400, "ValidationException", "Input search vector dimension 2 does not match vector index dimension 3"),
      refused("SearchVectors", {"TableName": name, "IndexName": "byEmb", "SearchVector": vector([1, 0]), "TopK": 1,
                                "SearchConditionExpression": "cat = :c", "ExpressionAttributeValues": {":c": {"S": "a"}}}))
check("wrong stored dimension",
      (400, "ValidationException", "One or more parameter values were invalid: Invalid size for parameter emb, Expected: 3, Actual: 2. IndexName: byEmb"),
      refused("PutItem", {"TableName": name, "Item": {"pk": {"S": "x"}, "cat": {"S": "a"}, "emb": {"L": vector([1, 2])}}}))
call("DeleteTable", {"TableName": name})
