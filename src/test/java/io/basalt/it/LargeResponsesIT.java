package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Many clients reading 1 MB pages and big BatchGetItem answers at once: every answer is complete and
 * correct, the large ones take slots, and every slot is given back (that a response waits while
 * no slot is free is {@code LargeReadsTest}).
 */
class LargeResponsesIT extends ServerTestBase {
    private static final String TABLE = "LargeResponses";
    private static final int ITEMS = 300;
    private static final String PAYLOAD = "p".repeat(10_000);

    @BeforeAll
    static void load() {
        ddb.createTable(b -> b.tableName(TABLE)
                .attributeDefinitions(a -> a.attributeName("id").attributeType("S"))
                .keySchema(k -> k.attributeName("id").keyType("HASH"))
                .billingMode("PAY_PER_REQUEST"));
        List<WriteRequest> batch = new ArrayList<>();
        for (int i = 0; i < ITEMS; i++) {
            Map<String, AttributeValue> item = Map.of("id", AttributeValue.fromS("item" + i), "payload", AttributeValue.fromS(PAYLOAD),
                    "n", AttributeValue.fromN(Integer.toString(i)));
            batch.add(WriteRequest.builder().putRequest(p -> p.item(item)).build());
            if (batch.size() == 25) {
                List<WriteRequest> send = List.copyOf(batch);
                ddb.batchWriteItem(b -> b.requestItems(Map.of(TABLE, send)));
                batch.clear();
            }
        }
    }

    @Test
    void concurrentBigPagesAreCompleteAndBounded() throws Exception {
        int clients = 16;
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicInteger lowest = new AtomicInteger(server.engine().largeReads().slots());
        Thread watcher = Thread.ofPlatform().daemon().start(() -> {
            while (running.get()) {
                lowest.accumulateAndGet(server.engine().largeReads().available(), Math::min);
                Thread.onSpinWait();
            }
        });
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int client = c;
                done.add(pool.submit(() -> {
                    for (int round = 0; round < 3; round++) {
                        if ((client + round) % 2 == 0) scanEverything();
                        else batchGetHundred(client * 7 + round);
                    }
                    return null;
                }));
            }
            for (Future<Void> f : done) f.get();
        } finally {
            running.set(false);
            watcher.join();
            pool.shutdown();
        }
        assertTrue(lowest.get() < server.engine().largeReads().slots(), "large responses took slots");
        assertEquals(server.engine().largeReads().slots(), server.engine().largeReads().available(), "every slot given back");
    }

    private static void scanEverything() {
        Set<String> seen = new HashSet<>();
        Map<String, AttributeValue> start = null;
        int pages = 0;
        do {
            Map<String, AttributeValue> from = start;
            ScanResponse page = ddb.scan(b -> b.tableName(TABLE).exclusiveStartKey(from));
            pages++;
            for (Map<String, AttributeValue> item : page.items()) {
                assertEquals(PAYLOAD, item.get("payload").s());
                assertTrue(seen.add(item.get("id").s()), "each item once");
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        assertEquals(ITEMS, seen.size());
        assertTrue(pages >= 3, "3 MB of items come in pages of at most 1 MB: " + pages);
    }

    private static void batchGetHundred(int seed) {
        List<Map<String, AttributeValue>> keys = new ArrayList<>();
        for (int i = 0; i < 100; i++) keys.add(Map.of("id", AttributeValue.fromS("item" + ((seed + i * 3) % ITEMS))));
        Map<String, KeysAndAttributes> request = new HashMap<>(Map.of(TABLE, KeysAndAttributes.builder().keys(keys).build()));
        int found = 0;
        while (!request.isEmpty()) {
            Map<String, KeysAndAttributes> send = request;
            BatchGetItemResponse r = ddb.batchGetItem(b -> b.requestItems(send));
            for (Map<String, AttributeValue> item : r.responses().get(TABLE)) {
                assertEquals(PAYLOAD, item.get("payload").s());
                found++;
            }
            request = r.hasUnprocessedKeys() ? new HashMap<>(r.unprocessedKeys()) : Map.of();
        }
        assertEquals(100, found);
    }
}
