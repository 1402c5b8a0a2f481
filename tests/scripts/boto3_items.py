#!/usr/bin/env python3
"""End-to-end check with boto3 (client and resource APIs) against $BASALT_ENDPOINT."""
import os
import random
import sys
from decimal import Decimal

import boto3
from botocore.exceptions import ClientError

from boto3_checks import check

endpoint = os.environ.get("BASALT_ENDPOINT")
if not endpoint:
    sys.exit("set BASALT_ENDPOINT to a running Basalt, e.g. http://127.0.0.1:8000")

session = boto3.session.Session(aws_access_key_id="AKIDBOTO", aws_secret_access_key="secret", region_name="us-west-2")
client = session.client("dynamodb", endpoint_url=endpoint)
resource = session.resource("dynamodb", endpoint_url=endpoint)
name = f"boto3_{os.getpid()}_{random.randint(0, 99999)}"


def error_code(fn):
    try:
        fn()
    except ClientError as e:
        return e.response["Error"]["Code"], e.response["Error"]["Message"]
    return None, None


desc = client.create_table(
    TableName=name,
    AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
    KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
    BillingMode="PAY_PER_REQUEST",
)["TableDescription"]
check("table ARN uses the client's region", f"arn:aws:dynamodb:us-west-2:123456789012:table/{name}", desc["TableArn"])
client.get_waiter("table_exists").wait(TableName=name)

table = resource.Table(name)
table.put_item(Item={"id": "1", "name": "alpha", "score": Decimal("1.5"), "tags": {"a", "b"}, "doc": {"k": [1, "x", None, True]}})
table.put_item(Item={"id": "2", "name": "beta", "score": 7})

item = table.get_item(Key={"id": "1"}, ConsistentRead=True)["Item"]
check("resource get_item name", "alpha", item["name"])
check("decimal round trip", Decimal("1.5"), item["score"])
check("string set round trip", {"a", "b"}, item["tags"])
check("nested document round trip", {"k": [Decimal(1), "x", None, True]}, item["doc"])

items = table.scan()["Items"]
check("scan returns both items", ["1", "2"], sorted(i["id"] for i in items))

updated = table.update_item(
    Key={"id": "2"},
    UpdateExpression="SET #n = :n REMOVE score",
    ExpressionAttributeNames={"#n": "name"},
    ExpressionAttributeValues={":n": "gamma"},
    ReturnValues="ALL_NEW",
)["Attributes"]
check("update_item with a reserved word via #name", {"id": "2", "name": "gamma"}, updated)

code, message = error_code(lambda: table.put_item(Item={"id": "1"}, ConditionExpression="attribute_not_exists(id)"))
check("conditional put fails", "ConditionalCheckFailedException", code)
check("conditional failure message", "The conditional request failed", message)

code, message = error_code(lambda: client.get_item(TableName=name, Key={"id": {"N": "1"}}))
check("wrong key type", ("ValidationException", "The provided key element does not match the schema"), (code, message))
# the service's 2026 front end (us-east-1, live 2026-09-20): item-write validation errors inside the envelope
code, message = error_code(lambda: client.update_item(TableName=name, Key={"id": {"S": "1"}}, UpdateExpression="SET a = :v",
                                                     ExpressionAttributeValues={":v": {"S": "x"}, ":unused": {"S": "y"}}))
check("unused value wrapped", ("ValidationException", "1 validation error detected: Value provided in ExpressionAttributeValues unused in expressions: keys: {:unused}"), (code, message))
code, message = error_code(lambda: client.put_item(TableName=name, Item={"id": {"S": "1"}, "s": {"SS": ["a", "a"]}}))
check("duplicate set members quoted", ("ValidationException", '1 validation error detected: One or more parameter values were invalid: Input collection ["a", "a"] contains duplicates.'), (code, message))

old = table.delete_item(Key={"id": "1"}, ReturnValues="ALL_OLD")["Attributes"]
check("delete_item returns the old item", "alpha", old["name"])
check("one item left", 1, client.scan(TableName=name, Select="COUNT")["Count"])

client.delete_table(TableName=name)
client.get_waiter("table_not_exists").wait(TableName=name)
print("boto3_items.py: all checks passed")
