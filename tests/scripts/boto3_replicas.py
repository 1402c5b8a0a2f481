#!/usr/bin/env python3
"""Global tables with boto3 against $BASALT_ENDPOINT: a replica in another region of the account
(UpdateTable ReplicaUpdates), writes in either region reaching the other, the service's texts for
refused replica changes, and the replica's removal (docs/global-tables.md)."""
import os
import random
import sys
import time

import boto3
from boto3_checks import check, error

endpoint = os.environ.get("BASALT_ENDPOINT")
if not endpoint:
    sys.exit("set BASALT_ENDPOINT to a running Basalt, e.g. http://127.0.0.1:8000")


def client(region):
    session = boto3.session.Session(aws_access_key_id="AKIDBOTO", aws_secret_access_key="secret", region_name=region)
    return session.client("dynamodb", endpoint_url=endpoint)


east, west = client("us-east-1"), client("us-west-2")
name = f"boto3_rep_{os.getpid()}_{random.randint(0, 99999)}"


def value(c, pk):
    item = c.get_item(TableName=name, Key={"pk": {"S": pk}}).get("Item")
    return None if item is None else item["v"]["S"]


def eventually(description, fn):
    end = time.time() + 10
    while not fn():
        if time.time() > end:
            sys.exit(f"FAIL: {description}: not replicated in 10 s")
        time.sleep(0.01)
    print(f"ok - {description}")


east.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                  AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                  KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
east.put_item(TableName=name, Item={"pk": {"S": "old"}, "v": {"S": "1"}})

check("replica changes alone in the request",
      ("ValidationException", "One or more parameter values were invalid: Replica modification must be the only operation in the request"),
      error(lambda: east.update_table(TableName=name, ReplicaUpdates=[{"Create": {"RegionName": "us-west-2"}}],
                                      DeletionProtectionEnabled=True)))
check("one create per request",
      ("ValidationException", "Update table operation with more than one create or delete replica actions not allowed"),
      error(lambda: east.update_table(TableName=name, ReplicaUpdates=[{"Create": {"RegionName": "us-west-2"}},
                                                                      {"Create": {"RegionName": "eu-west-1"}}])))
check("the local region",
      ("ValidationException", "Cannot add or delete the local region through ReplicaUpdates. Use CreateTable, DeleteTable, or UpdateTable as required."),
      error(lambda: east.update_table(TableName=name, ReplicaUpdates=[{"Create": {"RegionName": "us-east-1"}}])))

answer = east.update_table(TableName=name, ReplicaUpdates=[{"Create": {"RegionName": "us-west-2"}}])["TableDescription"]
check("the answer: UPDATING, version, no replica listed yet",
      ("UPDATING", "2019.11.21", []), (answer["TableStatus"], answer["GlobalTableVersion"], answer["Replicas"]))
check("the stream enabled for the replication", "NEW_AND_OLD_IMAGES", answer["StreamSpecification"]["StreamViewType"])
check("us-east-1 lists us-west-2", ["us-west-2"], [r["RegionName"] for r in east.describe_table(TableName=name)["Table"]["Replicas"]])
check("us-west-2 lists us-east-1", ["us-east-1"], [r["RegionName"] for r in west.describe_table(TableName=name)["Table"]["Replicas"]])
check("the replica holds the table's items", "1", value(west, "old"))

east.put_item(TableName=name, Item={"pk": {"S": "a"}, "v": {"S": "east"}})
eventually("a write in us-east-1 reaches us-west-2", lambda: value(west, "a") == "east")
west.put_item(TableName=name, Item={"pk": {"S": "b"}, "v": {"S": "west"}})
eventually("a write in us-west-2 reaches us-east-1", lambda: value(east, "b") == "west")

check("the source region cannot be deleted within 24 hours",
      ("ValidationException", "Replica cannot be deleted because it has acted as a source region for new replica(s) being added to the table in the last 24 hours."),
      error(lambda: east.delete_table(TableName=name)))

answer = east.update_table(TableName=name, ReplicaUpdates=[{"Delete": {"RegionName": "us-west-2"}}])["TableDescription"]
check("the answer still lists the replica being deleted", ["us-west-2"], [r["RegionName"] for r in answer["Replicas"]])
check("the replica's table is gone", "ResourceNotFoundException", error(lambda: west.describe_table(TableName=name))[0])
check("a regional table again", False, "Replicas" in east.describe_table(TableName=name)["Table"])
east.delete_table(TableName=name)
