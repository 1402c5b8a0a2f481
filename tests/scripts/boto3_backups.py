#!/usr/bin/env python3
"""Backups with boto3 against $BASALT_ENDPOINT: an on-demand backup (back up, change, restore to a new
name, compare), then point-in-time recovery (writes at several seconds recorded, restores at each
recorded moment compared item by item, with the GSI and LSI entries)."""
import datetime
import os
import random
import re
import sys
import time

import boto3
from boto3_checks import check, error

endpoint = os.environ.get("BASALT_ENDPOINT")
if not endpoint:
    sys.exit("set BASALT_ENDPOINT to a running Basalt, e.g. http://127.0.0.1:8000")

session = boto3.session.Session(aws_access_key_id="AKIDBOTO", aws_secret_access_key="secret", region_name="us-west-2")
client = session.client("dynamodb", endpoint_url=endpoint)
name = f"boto3_bk_{os.getpid()}_{random.randint(0, 99999)}"
copy = name + "_restored"


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

# Point-in-time recovery: the server's clock is this machine's, so a moment taken after a write's
# answer and before the next writes (a second later) names exactly the state in between.
pitr = name + "_pitr"
client.create_table(TableName=pitr, BillingMode="PAY_PER_REQUEST",
                    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                          {"AttributeName": "sk", "AttributeType": "N"},
                                          {"AttributeName": "g", "AttributeType": "S"},
                                          {"AttributeName": "l", "AttributeType": "S"}],
                    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
                    GlobalSecondaryIndexes=[{"IndexName": "byg", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                             "Projection": {"ProjectionType": "ALL"}}],
                    LocalSecondaryIndexes=[{"IndexName": "byl", "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                                                               {"AttributeName": "l", "KeyType": "RANGE"}],
                                            "Projection": {"ProjectionType": "KEYS_ONLY"}}])
for i in range(10):
    client.put_item(TableName=pitr, Item={"pk": {"S": f"p{i % 3}"}, "sk": {"N": str(i)}, "g": {"S": f"g{i % 2}"},
                                          "l": {"S": f"l{i}"}})
described = client.describe_continuous_backups(TableName=pitr)["ContinuousBackupsDescription"]
check("PITR off at first", "DISABLED", described["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"])
check("restore without PITR", ("PointInTimeRecoveryUnavailableException", f"Point in time recovery is not enabled for table '{pitr}'"),
      error(lambda: client.restore_table_to_point_in_time(SourceTableName=pitr, TargetTableName=pitr + "_x",
                                                          UseLatestRestorableTime=True)))
updated = client.update_continuous_backups(TableName=pitr, PointInTimeRecoverySpecification={
    "PointInTimeRecoveryEnabled": True, "RecoveryPeriodInDays": 3})["ContinuousBackupsDescription"]
check("PITR on", ("ENABLED", 3), (updated["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"],
                                  updated["PointInTimeRecoveryDescription"]["RecoveryPeriodInDays"]))


def state(table):
    def canon(items):
        return sorted(repr(sorted(i.items())) for i in items)
    return {"items": canon(client.get_paginator("scan").paginate(TableName=table).build_full_result()["Items"]),
            "gsi": canon(client.scan(TableName=table, IndexName="byg")["Items"]),
            "lsi": canon(client.scan(TableName=table, IndexName="byl")["Items"])}


def sleep_past_next_second():
    """Sleeps until just after the next whole second; returns that second (epoch seconds)."""
    second = int(time.time()) + 1
    time.sleep(second + 0.05 - time.time())
    return second


# botocore sends RestoreDateTime in whole seconds, so each step writes inside one second and is
# restored at the next whole second, before which the step's writes all answered and after which
# the next step's writes began.
recorded = []
for step in range(4):
    started = sleep_past_next_second()
    for j in range(3):
        client.put_item(TableName=pitr, Item={"pk": {"S": f"p{j}"}, "sk": {"N": str(100 + step * 3 + j)},
                                              "g": {"S": f"s{step}"}, "l": {"S": f"n{step}"}})
    client.update_item(TableName=pitr, Key={"pk": {"S": f"p{step % 3}"}, "sk": {"N": str(step)}},
                       UpdateExpression="SET g = :g, l = :l", ExpressionAttributeValues={":g": {"S": f"u{step}"}, ":l": {"S": f"u{step}"}})
    client.delete_item(TableName=pitr, Key={"pk": {"S": f"p{(9 - step) % 3}"}, "sk": {"N": str(9 - step)}})
    if time.time() >= started + 1:
        sys.exit("FAIL: a step's writes took more than a second (machine too slow for this check)")
    recorded.append((datetime.datetime.fromtimestamp(started + 1, tz=datetime.timezone.utc), state(pitr)))
time.sleep(1.1)
for n, (moment, expected) in enumerate(recorded):
    target = f"{pitr}_r{n}"
    desc = client.restore_table_to_point_in_time(SourceTableName=pitr, TargetTableName=target, RestoreDateTime=moment)["TableDescription"]
    check(f"PITR restore {n}: summary", (f"arn:aws:dynamodb:us-west-2:123456789012:table/{pitr}", False),
          (desc["RestoreSummary"]["SourceTableArn"], "SourceBackupArn" in desc["RestoreSummary"]))
    check(f"PITR restore {n}: items and GSI/LSI entries at {moment.isoformat()}", expected, state(target))
    client.delete_table(TableName=target)
latest = client.restore_table_to_point_in_time(SourceTableArn=f"arn:aws:dynamodb:us-west-2:123456789012:table/{pitr}",
                                               TargetTableName=pitr + "_latest", UseLatestRestorableTime=True)
check("PITR restore at the latest restorable time", state(pitr), state(pitr + "_latest"))
window = client.describe_continuous_backups(TableName=pitr)["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
too_early = window["EarliestRestorableDateTime"] - datetime.timedelta(seconds=5)
check("restore before the window", "InvalidRestoreTimeException",
      (error(lambda: client.restore_table_to_point_in_time(SourceTableName=pitr, TargetTableName=pitr + "_x",
                                                           RestoreDateTime=too_early)) or ("none",))[0])
client.update_continuous_backups(TableName=pitr, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": False})
check("PITR off again", "DISABLED", client.describe_continuous_backups(TableName=pitr)["ContinuousBackupsDescription"]
      ["PointInTimeRecoveryDescription"]["PointInTimeRecoveryStatus"])
client.delete_table(TableName=pitr + "_latest")
client.delete_table(TableName=pitr)
print("boto3 backups: all checks passed")
