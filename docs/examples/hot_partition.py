#!/usr/bin/env python3
"""Reproduces a hot partition and its fix (docs/capacity.md).

Start the server with throttling on and the admin service:
    ./basalt serve --in-memory --capacity enforce --admin-port 9000
then run:  python3 docs/examples/hot_partition.py [--sharded] [--seconds 10]
"""
import argparse, boto3, threading, time, zlib
from botocore.config import Config

STATUS = ["200"] * 70 + ["404"] * 15 + ["500"] * 10 + ["302"] * 5   # the seed's status_code column

ap = argparse.ArgumentParser()
ap.add_argument("--endpoint", default="http://127.0.0.1:8000")
ap.add_argument("--sharded", action="store_true", help="partition key = status + calculated suffix")
ap.add_argument("--seconds", type=float, default=20)
ap.add_argument("--threads", type=int, default=6)
ap.add_argument("--wcu", type=float, default=1800, help="target write units per second (the table has 2,000)")
args = ap.parse_args()

ddb = boto3.client("dynamodb", endpoint_url=args.endpoint, region_name="us-east-1",
                   aws_access_key_id="x", aws_secret_access_key="y",
                   config=Config(retries={"total_max_attempts": 1}, max_pool_connections=32))
table = "orders_sharded" if args.sharded else "orders"
try:
    ddb.create_table(TableName=table, BillingMode="PROVISIONED",
                     ProvisionedThroughput={"ReadCapacityUnits": 1000, "WriteCapacityUnits": 2000},
                     KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "order", "KeyType": "RANGE"}],
                     AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                           {"AttributeName": "order", "AttributeType": "S"}])
except ddb.exceptions.ResourceInUseException:
    pass

def partition_key(status, order_id):
    if not args.sharded:
        return status
    # seed 002's advice: a suffix calculated from the item itself, so a reader can compute it too
    return f"{status}#{zlib.crc32(order_id.encode()) % 200 + 1}"

ok = throttled = issued = 0
lock = threading.Lock()
payload = "x" * 8000                      # ~8 KB: 8 write units per put
start = time.time()
deadline = start + args.seconds

def worker(t):
    global ok, throttled, issued
    while True:
        with lock:
            n = issued
            issued += 1
        due = start + n * 8 / args.wcu          # paced: the n-th put is due at n x 8 units / rate
        if due >= deadline:
            return
        time.sleep(max(0.0, due - time.time()))
        order_id = f"o-{n}"
        status = STATUS[n % len(STATUS)]
        try:
            ddb.put_item(TableName=table, Item={"pk": {"S": partition_key(status, order_id)},
                                                "order": {"S": order_id}, "payload": {"S": payload}})
            with lock: ok += 1
        except ddb.exceptions.ProvisionedThroughputExceededException:
            with lock: throttled += 1

threads = [threading.Thread(target=worker, args=(t,)) for t in range(args.threads)]
for t in threads: t.start()
for t in threads: t.join()
print(f"{table}: {ok + throttled} puts at {(ok + throttled) * 8 / args.seconds:.0f} WCU/s, {throttled} throttled")
