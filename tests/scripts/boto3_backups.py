#!/usr/bin/env python3
"""On-demand backups with boto3 against $BASALT_ENDPOINT: back up, change, restore to a new name, compare."""
import os
import random
import re
import sys

import boto3
from botocore.exceptions import ClientError

endpoint = os.environ.get("BASALT_ENDPOINT")
if not endpoint:
    sys.exit("set BASALT_ENDPOINT to a running Basalt, e.g. http://127.0.0.1:8000")

session = boto3.session.Session(aws_access_key_id="AKIDBOTO", aws_secret_access_key="secret", region_name="us-west-2")
client = session.client("dynamodb", endpoint_url=endpoint)
name = f"boto3_bk_{os.getpid()}_{random.randint(0, 99999)}"
copy = name + "_restored"


def check(description, expected, actual):
    if expected != actual:
        sys.exit(f"FAIL: {description}: expected {expected!r} got {actual!r}")
    print(f"ok - {description}")


def error(fn):
    try:
        fn()
    except ClientError as e:
        return e.response["Error"]["Code"], e.response["Error"]["Message"]
    return None


def scan(table):
    items = client.get_paginator("scan").paginate(TableName=table).build_full_result()["Items"]
    return sorted(items, key=lambda i: i["pk"]["S"])


client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                          {"AttributeName": "g", "AttributeType": "S"}],
                    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                    GlobalSecondaryIndexes=[{"IndexName": "byg", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                             "Projection": {"ProjectionType": "ALL"}}])
for i in range(20):
    client.put_item(TableName=name, Item={"pk": {"S": f"k{i:02d}"}, "g": {"S": f"g{i % 2}"}, "n": {"N": str(i)}})
before = scan(name)

details = client.create_backup(TableName=name, BackupName="boto3-nightly")["BackupDetails"]
arn = details["BackupArn"]
check("backup ARN shape", True, bool(re.fullmatch(rf"arn:aws:dynamodb:us-west-2:\d{{12}}:table/{name}/backup/\d{{14}}-[0-9a-f]{{8}}", arn)))
check("CreateBackup status", "CREATING", details["BackupStatus"])
check("DescribeBackup status", "AVAILABLE", client.describe_backup(BackupArn=arn)["BackupDescription"]["BackupDetails"]["BackupStatus"])
check("ListBackups by table", [arn], [s["BackupArn"] for s in client.list_backups(TableName=name)["BackupSummaries"]])

client.delete_item(TableName=name, Key={"pk": {"S": "k00"}})
client.put_item(TableName=name, Item={"pk": {"S": "new"}, "g": {"S": "g0"}})

desc = client.restore_table_from_backup(TargetTableName=copy, BackupArn=arn)["TableDescription"]
check("restore response status", "CREATING", desc["TableStatus"])
check("restore summary", arn, desc["RestoreSummary"]["SourceBackupArn"])
check("restored items", before, scan(copy))
gsi = client.query(TableName=copy, IndexName="byg", KeyConditionExpression="g = :g",
                   ExpressionAttributeValues={":g": {"S": "g0"}})["Items"]
check("restored GSI entries", 10, len(gsi))
check("restore onto an existing table", ("TableAlreadyExistsException", f"Table already exists: {copy}"),
      error(lambda: client.restore_table_from_backup(TargetTableName=copy, BackupArn=arn)))

check("DeleteBackup status", "DELETED", client.delete_backup(BackupArn=arn)["BackupDescription"]["BackupDetails"]["BackupStatus"])
check("describe a deleted backup", ("BackupNotFoundException", f"Backup not found: {arn}"),
      error(lambda: client.describe_backup(BackupArn=arn)))
check("backup of a missing table", ("TableNotFoundException", f"Table not found: {name}_missing"),
      error(lambda: client.create_backup(TableName=name + "_missing", BackupName="nope")))
client.delete_table(TableName=copy)
client.delete_table(TableName=name)
print("boto3 backups: all checks passed")
