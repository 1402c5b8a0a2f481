package io.basalt.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Makes one {@link Worker} per client thread for a workload; a worker issues one operation per call. */
final class Workloads {
    /** What one operation did: items read or written, and their bytes (scan only). */
    record Outcome(long items, long bytes) {
        static final Outcome NONE = new Outcome(0, 0);
        static final Outcome ONE = new Outcome(1, 0);
        static final Outcome TWO = new Outcome(2, 0);
    }

    /** One client thread's operation loop body. Returns null when a finite workload has no work left. */
    interface Worker {
        Outcome run();
    }

    static final int BATCH = 25;
    private static final Map<String, String> UPDATE_NAMES = Map.of("#u", DataModel.UPDATED, "#c", DataModel.COUNTER);
    private static final Map<String, String> QUERY_NAMES = Map.of("#pk", DataModel.PK);
    private static final AttributeValue ONE = AttributeValue.fromN("1");
    private static final int MAX_UNPROCESSED_ROUNDS = 10;

    private final DynamoDbClient dynamo;
    private final String table;
    private final DataModel model;
    private final KeyChooser keys;
    private final KeyChooser partitions;
    private final int itemSize;
    private final int batchItemSize;
    private final AtomicLong loadCursor = new AtomicLong();

    Workloads(DynamoDbClient dynamo, String table, DataModel model, String distribution, int itemSize, int batchItemSize) {
        this.dynamo = dynamo;
        this.table = table;
        this.model = model;
        this.keys = KeyChooser.of(distribution, model.items);
        this.partitions = KeyChooser.of(distribution, Math.max(2, model.partitions));
        this.itemSize = itemSize;
        this.batchItemSize = batchItemSize;
    }

    /** Restarts the load workload at item 0. */
    void resetLoad() {
        loadCursor.set(0);
    }

    Worker worker(Workload w, SplittableRandom r) {
        return switch (w) {
            case LOAD -> () -> load(r);
            case GET -> () -> get(r);
            case PUT -> () -> put(r);
            case UPDATE -> () -> update(r);
            case MIXED50 -> () -> r.nextInt(100) < 50 ? get(r) : update(r);
            case MIXED95 -> () -> r.nextInt(100) < 95 ? get(r) : update(r);
            case QUERY -> () -> query(r);
            case SCAN -> new ScanWorker();
            case BATCHWRITE -> () -> batchWrite(r);
            case TRANSACT -> () -> transact(r);
        };
    }

    /** A worker that cycles through several workloads, one operation each (used to warm up). */
    Worker cycling(List<Workload> mix, SplittableRandom r) {
        List<Worker> workers = new ArrayList<>();
        for (Workload w : mix) if (w != Workload.LOAD) workers.add(worker(w, r));
        if (workers.isEmpty()) workers.add(worker(Workload.GET, r));
        int[] next = {0};
        return () -> workers.get(next[0]++ % workers.size()).run();
    }

    private Outcome get(SplittableRandom r) {
        GetItemResponse resp = dynamo.getItem(b -> b.tableName(table).key(model.key(keys.next(r))));
        return resp.hasItem() && !resp.item().isEmpty() ? Outcome.ONE : Outcome.NONE;
    }

    private Outcome put(SplittableRandom r) {
        dynamo.putItem(b -> b.tableName(table).item(model.item(keys.next(r), itemSize, r)));
        return Outcome.ONE;
    }

    private Outcome update(SplittableRandom r) {
        Map<String, AttributeValue> values = Map.of(
                ":u", AttributeValue.fromN(Long.toString(System.currentTimeMillis())),
                ":one", ONE);
        dynamo.updateItem(b -> b.tableName(table).key(model.key(keys.next(r)))
                .updateExpression("SET #u = :u ADD #c :one")
                .expressionAttributeNames(UPDATE_NAMES)
                .expressionAttributeValues(values));
        return Outcome.ONE;
    }

    private Outcome query(SplittableRandom r) {
        long partition = partitions.next(r) % model.partitions;
        QueryResponse resp = dynamo.query(b -> b.tableName(table)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(QUERY_NAMES)
                .expressionAttributeValues(Map.of(":pk", DataModel.partitionValue(partition))));
        return new Outcome(resp.count() == null ? 0 : resp.count(), 0);
    }

    /** Each thread walks the whole table page by page, and starts over at the end. */
    private final class ScanWorker implements Worker {
        private Map<String, AttributeValue> startKey;

        @Override
        public Outcome run() {
            Map<String, AttributeValue> from = startKey;
            ScanResponse resp = dynamo.scan(b -> b.tableName(table).exclusiveStartKey(from));
            startKey = resp.hasLastEvaluatedKey() && !resp.lastEvaluatedKey().isEmpty() ? resp.lastEvaluatedKey() : null;
            return new Outcome(resp.items().size(), ItemSizes.ofAll(resp.items()));
        }
    }

    /** Loads items 0..N-1 in batches of 25, re-sending unprocessed items with a short back-off. */
    private Outcome load(SplittableRandom r) {
        long from = loadCursor.getAndAdd(BATCH);
        if (from >= model.items) return null;
        long to = Math.min(from + BATCH, model.items);
        List<WriteRequest> requests = new ArrayList<>(BATCH);
        for (long i = from; i < to; i++) {
            requests.add(WriteRequest.builder().putRequest(PutRequest.builder().item(model.item(i, itemSize, r)).build()).build());
        }
        writeAll(requests);
        return new Outcome(to - from, 0);
    }

    private void writeAll(List<WriteRequest> requests) {
        Map<String, List<WriteRequest>> pending = Map.of(table, requests);
        for (int round = 0; round < MAX_UNPROCESSED_ROUNDS; round++) {
            Map<String, List<WriteRequest>> send = pending;
            BatchWriteItemResponse resp = dynamo.batchWriteItem(b -> b.requestItems(send));
            if (!resp.hasUnprocessedItems() || resp.unprocessedItems().isEmpty()) return;
            pending = resp.unprocessedItems();
            sleep(Math.min(500, 5L << round));
        }
        throw new IllegalStateException("UnprocessedItems");
    }

    /** 25 puts of distinct random keys; unprocessed items are reported, not re-sent. */
    private Outcome batchWrite(SplittableRandom r) {
        long[] chosen = distinctKeys(r, (int) Math.min(BATCH, model.items));
        List<WriteRequest> requests = new ArrayList<>(chosen.length);
        for (long k : chosen) {
            requests.add(WriteRequest.builder().putRequest(PutRequest.builder().item(model.item(k, batchItemSize, r)).build()).build());
        }
        BatchWriteItemResponse resp = dynamo.batchWriteItem(b -> b.requestItems(Map.of(table, requests)));
        long unprocessed = 0;
        if (resp.hasUnprocessedItems()) {
            for (List<WriteRequest> l : resp.unprocessedItems().values()) unprocessed += l.size();
        }
        return new Outcome(chosen.length - unprocessed, 0);
    }

    private Outcome transact(SplittableRandom r) {
        long[] chosen = distinctKeys(r, 2);
        List<TransactWriteItem> actions = new ArrayList<>(2);
        for (long k : chosen) {
            actions.add(TransactWriteItem.builder()
                    .put(Put.builder().tableName(table).item(model.item(k, itemSize, r)).build()).build());
        }
        dynamo.transactWriteItems(b -> b.transactItems(actions));
        return Outcome.TWO;
    }

    /** Keys in one batch or transaction must differ (the service rejects duplicates). */
    private long[] distinctKeys(SplittableRandom r, int count) {
        long[] out = new long[count];
        int n = 0;
        int attempts = 0;
        while (n < count) {
            long k = keys.next(r);
            if (++attempts > count * 50) k = r.nextLong(model.items); // very skewed choosers: fall back to uniform
            boolean seen = false;
            for (int i = 0; i < n; i++) {
                if (out[i] == k) {
                    seen = true;
                    break;
                }
            }
            if (!seen) out[n++] = k;
        }
        return out;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
