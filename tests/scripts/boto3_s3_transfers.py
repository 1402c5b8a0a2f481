#!/usr/bin/env python3
"""Exports and imports with boto3 through a real S3-compatible server: $BASALT_ENDPOINT is a Basalt started
with --s3-endpoint $BASALT_S3_ENDPOINT (tests/run-all.sh starts S3Mock with tests/s3mock.sh and Basalt so;
without BASALT_S3_ENDPOINT the script says why and skips). A table with a GSI and items of every type,
exported (DYNAMODB_JSON and ION) and checked object by object with boto3's S3 client (manifests, checksums,
ETags, data lines, the encryption S3 keeps), imported back and compared item by item; an import with bad
lines (exact counts and its error log object); a missing bucket; the request checks of encryption."""
import base64
import gzip
import hashlib
import json
import os
import random
import sys
import time

import boto3
from botocore.config import Config
from boto3_checks import check, error

endpoint = os.environ.get("BASALT_ENDPOINT")
if not endpoint:
    sys.exit("set BASALT_ENDPOINT to a running Basalt, e.g. http://127.0.0.1:8000")
s3_endpoint = os.environ.get("BASALT_S3_ENDPOINT")
if not s3_endpoint:
    print("skipped: BASALT_S3_ENDPOINT is not set (the S3-compatible endpoint the Basalt at BASALT_ENDPOINT was "
          "started with, --s3-endpoint URL; tests/run-all.sh sets both when S3Mock could be started)")
    sys.exit(0)
kms_key = os.environ.get("BASALT_S3_KMS_KEY_ID")  # a key the S3 server accepts, if it checks keys

session = boto3.session.Session(aws_access_key_id="AKIDBOTO", aws_secret_access_key="secret", region_name="us-east-1")
client = session.client("dynamodb", endpoint_url=endpoint)
# path-style, and checksums only where S3 requires them (as Basalt's own S3 client)
s3 = session.client("s3", endpoint_url=s3_endpoint,
                    config=Config(s3={"addressing_style": "path"}, request_checksum_calculation="when_required",
                                  response_checksum_validation="when_required"))
run = f"{os.getpid()}-{random.randint(0, 99999)}"
bucket = f"basalt-transfers-{run}"
name = f"boto3_s3_{run}".replace("-", "_")
s3.create_bucket(Bucket=bucket)


def scan(table, index=None):
    args = {"TableName": table, **({"IndexName": index} if index else {})}
    items = client.get_paginator("scan").paginate(**args).build_full_result()["Items"]
    return sorted(items, key=lambda i: (i["pk"]["S"], i["sk"]["N"]))


def wait(kind, arn):
    """The description of an export or import once it has ended."""
    for _ in range(600):
        if kind == "export":
            d = client.describe_export(ExportArn=arn)["ExportDescription"]
        else:
            d = client.describe_import(ImportArn=arn)["ImportTableDescription"]
        if d["ExportStatus" if kind == "export" else "ImportStatus"] != "IN_PROGRESS":
            return d
        time.sleep(0.1)
    sys.exit(f"FAIL: {kind} {arn} did not end")


def body(key, bucket_name=bucket):
    return s3.get_object(Bucket=bucket_name, Key=key)["Body"].read()


KEYS = [{"AttributeName": "pk", "AttributeType": "S"}, {"AttributeName": "sk", "AttributeType": "N"},
        {"AttributeName": "g", "AttributeType": "S"}]
SCHEMA = [{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}]
GSI = [{"IndexName": "byg", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
        "Projection": {"ProjectionType": "ALL"}}]
client.create_table(TableName=name, BillingMode="PAY_PER_REQUEST", AttributeDefinitions=KEYS, KeySchema=SCHEMA,
                    GlobalSecondaryIndexes=GSI)
table_arn = client.describe_table(TableName=name)["Table"]["TableArn"]
table_id = client.describe_table(TableName=name)["Table"]["TableId"]
for i in range(60):
    item = {"pk": {"S": f"p{i % 7}"}, "sk": {"N": str(i)}, "s": {"S": f"text {i} é✓"}, "n": {"N": f"-{i}.25e3"},
            "b": {"B": bytes([i, 0, 255])}, "t": {"BOOL": i % 2 == 0}, "z": {"NULL": True},
            "ss": {"SS": [f"a{i}", "b"]}, "ns": {"NS": [str(i), "3.5"]}, "bs": {"BS": [b"x", bytes([i])]},
            "l": {"L": [{"S": "x"}, {"N": "1"}, {"M": {"deep": {"L": [{"BOOL": False}]}}}]},
            "m": {"M": {"k": {"S": "v"}, "e": {"S": ""}, "nested": {"M": {"ns": {"NS": ["1", "2"]}}}}}}
    if i % 3:  # a sparse GSI: a third of the items are not in it
        item["g"] = {"S": f"g{i % 4}"}
    client.put_item(TableName=name, Item=item)
source = scan(name)
source_index = scan(name, "byg")
client.update_continuous_backups(TableName=name, PointInTimeRecoverySpecification={"PointInTimeRecoveryEnabled": True})

# ---- the request checks of encryption, in the service's words (live, 2026-10-09, ack-api-quirks DDB-EXPORT-002/-005)
check("S3SseKmsKeyId without KMS",
      ("ValidationException", "Invalid Request: KMS Key Id is not supported for this encryption type"),
      error(lambda: client.export_table_to_point_in_time(TableArn=table_arn, S3Bucket=bucket, S3SseAlgorithm="AES256",
                                                         S3SseKmsKeyId="alias/aws/s3")))
check("S3SseAlgorithm outside its enum",
      ("ValidationException", "1 validation error detected: Value 'aws:kms' at 's3SseAlgorithm' failed to satisfy constraint: "
                              "Member must satisfy enum value set: [AES256, KMS]"),
      error(lambda: client.export_table_to_point_in_time(TableArn=table_arn, S3Bucket=bucket, S3SseAlgorithm="aws:kms")))
check("S3Bucket given as an ARN",
      ("ValidationException", "1 validation error detected: Value 'arn:aws:s3:::b' at 's3Bucket' failed to satisfy constraint: "
                              "Member must satisfy regular expression pattern: ^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$"),
      error(lambda: client.export_table_to_point_in_time(TableArn=table_arn, S3Bucket="arn:aws:s3:::b")))

# ---- exports: DYNAMODB_JSON (SSE-S3 asked for) and ION (SSE-KMS)
exports = {}
for fmt, sse in (("DYNAMODB_JSON", {"S3SseAlgorithm": "AES256"}),
                 ("ION", {"S3SseAlgorithm": "KMS", **({"S3SseKmsKeyId": kms_key} if kms_key else {})})):
    started = client.export_table_to_point_in_time(TableArn=table_arn, S3Bucket=bucket, S3Prefix="nightly", ExportFormat=fmt,
                                                   **sse)["ExportDescription"]
    check(f"{fmt}: export accepted", "IN_PROGRESS", started["ExportStatus"])
    check(f"{fmt}: encryption echoed", (sse["S3SseAlgorithm"], sse.get("S3SseKmsKeyId")),
          (started["S3SseAlgorithm"], started.get("S3SseKmsKeyId")))
    done = wait("export", started["ExportArn"])
    check(f"{fmt}: export COMPLETED", ("COMPLETED", None), (done["ExportStatus"], done.get("FailureMessage")))
    check(f"{fmt}: ItemCount", len(source), done["ItemCount"])
    export_id = done["ExportArn"].rsplit("/", 1)[1]
    root = f"nightly/AWSDynamoDB/{export_id}"
    check(f"{fmt}: ExportManifest", f"{root}/manifest-summary.json", done["ExportManifest"])

    keys = sorted(o["Key"] for o in s3.list_objects_v2(Bucket=bucket, Prefix=root + "/")["Contents"])
    data_keys = [k for k in keys if k.startswith(root + "/data/")]
    check(f"{fmt}: the objects of the export", sorted([f"{root}/_started", f"{root}/manifest-files.checksum",
                                                       f"{root}/manifest-files.json", f"{root}/manifest-summary.checksum",
                                                       f"{root}/manifest-summary.json"] + data_keys), keys)
    suffix = ".ion.gz" if fmt == "ION" else ".json.gz"
    check(f"{fmt}: data file names", True, all(k.endswith(suffix) and len(k.rsplit("/", 1)[1]) == 26 + len(suffix)
                                               for k in data_keys) and len(data_keys) >= 1)
    # the encryption S3 keeps for every object (HEAD Object)
    want = "AES256" if sse["S3SseAlgorithm"] == "AES256" else "aws:kms"
    heads = [s3.head_object(Bucket=bucket, Key=k) for k in keys]
    check(f"{fmt}: every object encrypted with {want}", {want}, {h.get("ServerSideEncryption") for h in heads})
    if kms_key and want == "aws:kms":
        check(f"{fmt}: every object names the KMS key", {kms_key}, {h.get("SSEKMSKeyId") for h in heads})

    summary_bytes = body(f"{root}/manifest-summary.json")
    check(f"{fmt}: manifest-summary.checksum", hashlib.md5(summary_bytes).hexdigest(), body(f"{root}/manifest-summary.checksum").decode())
    summary = json.loads(summary_bytes)
    check(f"{fmt}: manifest-summary fields",
          ["version", "exportArn", "startTime", "endTime", "tableArn", "tableId", "exportTime", "s3Bucket", "s3Prefix",
           "s3SseAlgorithm", "s3SseKmsKeyId", "manifestFilesS3Key", "billedSizeBytes", "itemCount", "exportType", "outputFormat"],
          list(summary))
    check(f"{fmt}: manifest-summary values",
          ("2020-06-30", done["ExportArn"], table_arn, table_id, bucket, "nightly", sse["S3SseAlgorithm"], sse.get("S3SseKmsKeyId"),
           f"{root}/manifest-files.json", done["BilledSizeBytes"], len(source), "FULL_EXPORT", fmt),
          (summary["version"], summary["exportArn"], summary["tableArn"], summary["tableId"], summary["s3Bucket"],
           summary["s3Prefix"], summary["s3SseAlgorithm"], summary["s3SseKmsKeyId"], summary["manifestFilesS3Key"],
           summary["billedSizeBytes"], summary["itemCount"], summary["exportType"], summary["outputFormat"]))
    check(f"{fmt}: manifest-summary times", True,
          all(len(summary[f]) == 24 and summary[f].endswith("Z") for f in ("startTime", "endTime", "exportTime")))

    files_bytes = body(f"{root}/manifest-files.json")
    check(f"{fmt}: manifest-files.checksum", hashlib.md5(files_bytes).hexdigest(), body(f"{root}/manifest-files.checksum").decode())
    listed, lines_total = [], 0
    for line in files_bytes.decode().splitlines():
        entry = json.loads(line)
        check(f"{fmt}: manifest-files entry fields", ["itemCount", "md5Checksum", "etag", "dataFileS3Key"], list(entry))
        raw = body(entry["dataFileS3Key"])
        check(f"{fmt}: md5Checksum of {entry['dataFileS3Key']}", base64.b64encode(hashlib.md5(raw).digest()).decode(), entry["md5Checksum"])
        check(f"{fmt}: etag of {entry['dataFileS3Key']}", s3.head_object(Bucket=bucket, Key=entry["dataFileS3Key"])["ETag"].strip('"'),
              entry["etag"])
        text = gzip.decompress(raw).decode()
        if fmt == "ION":
            check(f"{fmt}: Ion version marker", True, text.startswith("$ion_1_0 "))
            lines = [l for l in text[len("$ion_1_0 "):].split("\n") if l]
            check(f"{fmt}: Ion lines are Item structs", True, all(l.startswith("{Item:{") for l in lines))
        else:
            lines = [json.loads(l) for l in text.split("\n") if l]
            check(f"{fmt}: JSON lines are {{Item}}", True, all(list(l) == ["Item"] for l in lines))
        check(f"{fmt}: itemCount of {entry['dataFileS3Key']}", entry["itemCount"], len(lines))
        listed.append(entry["dataFileS3Key"])
        lines_total += len(lines)
    check(f"{fmt}: manifest-files lists every data file", data_keys, sorted(listed))
    check(f"{fmt}: lines in all data files", len(source), lines_total)
    exports[fmt] = root

    # ---- import the export into a new table with the GSI, compared item by item
    copy = f"{name}_{fmt.lower()}"
    started = client.import_table(S3BucketSource={"S3Bucket": bucket, "S3KeyPrefix": f"{root}/data/"}, InputFormat=fmt,
                                  InputCompressionType="GZIP",
                                  TableCreationParameters={"TableName": copy, "BillingMode": "PAY_PER_REQUEST",
                                                           "AttributeDefinitions": KEYS, "KeySchema": SCHEMA,
                                                           "GlobalSecondaryIndexes": GSI})["ImportTableDescription"]
    check(f"{fmt}: import accepted", "IN_PROGRESS", started["ImportStatus"])
    imported = wait("import", started["ImportArn"])
    check(f"{fmt}: import COMPLETED", ("COMPLETED", len(source), len(source), 0),
          (imported["ImportStatus"], imported["ProcessedItemCount"], imported["ImportedItemCount"], imported["ErrorCount"]))
    copied = scan(copy)
    check(f"{fmt}: imported item count", len(source), len(copied))
    for a, b in zip(source, copied):
        if a != b:
            sys.exit(f"FAIL: {fmt}: item {a['pk']['S']}/{a['sk']['N']} differs after the round trip: {a!r} != {b!r}")
    print(f"ok - {fmt}: every item identical after export and import")
    check(f"{fmt}: the GSI of the imported table", source_index, scan(copy, "byg"))

# ---- an import with bad lines: exact counts and the error log object
good = lambda pk, sk: json.dumps({"Item": {"pk": {"S": pk}, "sk": {"N": str(sk)}, "g": {"S": "x"}}})
part1 = "\n".join([good("a", 1),                                                  # 1 imported
                   json.dumps({"Item": {"sk": {"N": "2"}}}),                       # 2 no pk
                   json.dumps({"Item": {"pk": {"N": "3"}, "sk": {"N": "3"}}}),     # 3 pk of type N
                   good("d", 4),                                                  # 4 imported
                   json.dumps({"Item": {"pk": {"S": "e"}, "sk": {"N": "5"}, "g": {"N": "5"}}}),  # 5 GSI key of type N
                   '{"Item":{"pk":{"S":"f"},',                                     # 6 unparsable: ends the object
                   good("g", 7)]) + "\n"                                          # 7 never read
part2 = good("h", 8) + "\n" + good("i", 9) + "\n"
s3.put_object(Bucket=bucket, Key="bad/part-1.json", Body=part1.encode())
s3.put_object(Bucket=bucket, Key="bad/part-2.json", Body=part2.encode())
bad_table = f"{name}_bad"
started = client.import_table(S3BucketSource={"S3Bucket": bucket, "S3KeyPrefix": "bad/"}, InputFormat="DYNAMODB_JSON",
                              TableCreationParameters={"TableName": bad_table, "BillingMode": "PAY_PER_REQUEST",
                                                       "AttributeDefinitions": KEYS, "KeySchema": SCHEMA,
                                                       "GlobalSecondaryIndexes": GSI})["ImportTableDescription"]
bad = wait("import", started["ImportArn"])
check("bad lines: status and failure",
      ("FAILED", "ItemValidationError", "Some of the items failed validation checks and were not imported. "
                                        "Please check CloudWatch error logs for more details."),
      (bad["ImportStatus"], bad.get("FailureCode"), bad.get("FailureMessage")))
check("bad lines: ProcessedItemCount / ImportedItemCount / ErrorCount", (8, 4, 4),
      (bad["ProcessedItemCount"], bad["ImportedItemCount"], bad["ErrorCount"]))
check("bad lines: the valid items are in the table", ["a", "d", "h", "i"], [i["pk"]["S"] for i in scan(bad_table)])
import_id = bad["ImportArn"].rsplit("/", 1)[1]
records = [json.loads(l) for l in body(f"aws-dynamodb/imports/{import_id}.json").decode().splitlines()]
check("error log: one record per refused item",
      [("bad/part-1.json", 1, 2), ("bad/part-1.json", 2, 3), ("bad/part-1.json", 4, 5), ("bad/part-1.json", 5, 6)],
      [(r["itemS3Pointer"]["key"], r["itemS3Pointer"]["itemIndex"], r["lineNumber"]) for r in records])
# the service's event: timestamp (millis), group, stream "<ImportId>/error", message {itemS3Pointer, importArn,
# errorMessages} (Developer Guide, "Import format quotas and validation"); lineNumber is Basalt's
check("error log: record fields", [["timestamp", "logGroup", "logStream", "itemS3Pointer", "importArn", "errorMessages", "lineNumber"]] * 4,
      [list(r) for r in records])
check("error log: timestamps in epoch millis", True, all(isinstance(r["timestamp"], int) and r["timestamp"] > 1e12 for r in records))
check("error log: group, stream, import and bucket", {("/aws-dynamodb/imports", import_id + "/error", bad["ImportArn"], bucket)},
      {(r["logGroup"], r["logStream"], r["importArn"], r["itemS3Pointer"]["bucket"]) for r in records})
check("error log: messages",
      ["One or more parameter values were invalid: Missing the key pk in the item",
       "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N",
       "One or more parameter values were invalid: Type mismatch for Index Key g Expected: S Actual: N IndexName: byg"],
      [r["errorMessages"][0] for r in records[:3]])
check("error log: the unparsable line ends its object", True,
      records[3]["errorMessages"][0].endswith("Remainder of the object will not be processed."))

# ---- a bucket that does not exist: accepted, then FAILED with S3's error quoted as the service quotes it
missing = f"basalt-missing-{run}"
started = client.export_table_to_point_in_time(TableArn=table_arn, S3Bucket=missing)["ExportDescription"]
failed = wait("export", started["ExportArn"])
check("missing bucket: export FAILED S3NoSuchBucket", ("FAILED", "S3NoSuchBucket"), (failed["ExportStatus"], failed.get("FailureCode")))
message = failed.get("FailureMessage", "")
check("missing bucket: export FailureMessage", (True, True),
      (message.startswith("The specified bucket does not exist (Service: Amazon S3; Status Code: 404; Error Code: NoSuchBucket; "
                          "Request ID: "), message.endswith("; Proxy: null)")))
check("missing bucket: no ItemCount nor manifest", (None, None), (failed.get("ItemCount"), failed.get("ExportManifest")))
missing_table = f"{name}_missing"
started = client.import_table(S3BucketSource={"S3Bucket": missing}, InputFormat="CSV",
                              TableCreationParameters={"TableName": missing_table, "BillingMode": "PAY_PER_REQUEST",
                                                       "AttributeDefinitions": KEYS[:1], "KeySchema": SCHEMA[:1]})["ImportTableDescription"]
failed = wait("import", started["ImportArn"])
check("missing bucket: import FAILED S3NoSuchBucket", ("FAILED", "S3NoSuchBucket", 0, 0, 0),
      (failed["ImportStatus"], failed.get("FailureCode"), failed["ProcessedItemCount"], failed["ImportedItemCount"], failed["ErrorCount"]))
check("missing bucket: import FailureMessage", True,
      failed.get("FailureMessage", "").startswith("The specified bucket does not exist (Service: Amazon S3; Status Code: 404; "
                                                  "Error Code: NoSuchBucket; Request ID: "))
check("missing bucket: no table is created", "ResourceNotFoundException",
      (error(lambda: client.describe_table(TableName=missing_table)) or ("",))[0])

for t in (name, f"{name}_dynamodb_json", f"{name}_ion", bad_table):
    client.delete_table(TableName=t)
print("boto3 S3 transfers: all checks passed")
