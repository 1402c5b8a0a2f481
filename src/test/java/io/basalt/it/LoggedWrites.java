package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A workload whose writes go through the Cassandra engine's change log (a GSI and a stream), for
 * the fault test ({@link TransactionFaultsOnCassandraIT}): per key a PutItem (index key "a"), then
 * an UpdateItem moving the item to index key "b". Outcomes are recorded per key: acknowledged,
 * refused with 503 (nothing may have been done), or unknown (500, connection lost). Afterwards
 * {@link #verify} checks that the GSI and the stream hold exactly what the table holds: each
 * item's entry once under its current index key, no entry left under an old one, one INSERT per
 * item and one MODIFY per applied update, in that order; every acknowledged write is there, and no
 * write refused with 503 is.
 */
final class LoggedWrites {
    static final String TABLE = "events";
    final Set<String> putsAcknowledged = ConcurrentHashMap.newKeySet(), updatesAcknowledged = ConcurrentHashMap.newKeySet();
    final Set<String> putsRefused = ConcurrentHashMap.newKeySet(), updatesRefused = ConcurrentHashMap.newKeySet();
    final AtomicInteger unknown = new AtomicInteger();

    void create(DynamoDbClient c) {
        Sdk.createStreamedIndexedTable(c, TABLE);
    }

    /** The HTTP status of a client error (503 refused, anything else unknown), or -1 without one (connection lost). */
    private static int status(RuntimeException e) {
        return e instanceof DynamoDbException d ? d.statusCode() : -1;
    }

    /** The put of {@code key}; returns its status: 200, 503, or another (unknown outcome). */
    int put(DynamoDbClient c, String key) {
        try {
            c.putItem(b -> b.tableName(TABLE).item(item("pk", key, "g", "a", "v", n("1"))));
            putsAcknowledged.add(key);
            return 200;
        } catch (RuntimeException e) {
            int status = status(e);
            if (status == 503) putsRefused.add(key);
            else unknown.incrementAndGet();
            return status;
        }
    }

    /** The put of {@code key} and, when acknowledged, its update. */
    void write(DynamoDbClient c, String key) {
        if (put(c, key) != 200) return;
        try {
            c.updateItem(b -> b.tableName(TABLE).key(item("pk", key)).updateExpression("SET g = :b, v = :two")
                    .expressionAttributeValues(Map.of(":b", s("b"), ":two", n("2"))));
            updatesAcknowledged.add(key);
        } catch (RuntimeException e) {
            if (status(e) == 503) updatesRefused.add(key);
            else unknown.incrementAndGet();
        }
    }

    /** Checks the GSI and the stream against the table (waiting for them to converge); returns the items. */
    int verify(DynamoDbClient c, DynamoDbStreamsClient streams) {
        Map<String, String> table = new TreeMap<>(); // pk -> "g/v"
        c.scanPaginator(b -> b.tableName(TABLE).consistentRead(true)).items()
                .forEach(i -> table.put(i.get("pk").s(), i.get("g").s() + "/" + i.get("v").n()));
        for (String k : putsAcknowledged) assertTrue(table.containsKey(k), () -> "acknowledged put missing: " + k);
        for (String k : updatesAcknowledged) assertEquals("b/2", table.get(k), "acknowledged update of " + k);
        for (String k : putsRefused) assertTrue(!table.containsKey(k), () -> "a put refused with 503 took effect: " + k);
        for (String k : updatesRefused) assertEquals("a/1", table.get(k), "an update refused with 503 of " + k);

        Map<String, String> last = new TreeMap<>();
        try {
            Eventually.await(Duration.ofSeconds(120), "the GSI holds exactly the table's items", () -> {
                last.clear();
                last.putAll(index(c));
                return last.equals(table);
            });
        } catch (AssertionError e) {
            List<String> wrong = new ArrayList<>();
            for (String k : table.keySet()) if (!table.get(k).equals(last.get(k))) wrong.add(k + ": table " + table.get(k) + ", index " + last.get(k));
            for (String k : last.keySet()) if (!table.containsKey(k)) wrong.add(k + ": not in the table, index " + last.get(k));
            throw new AssertionError(e.getMessage() + "; the last read differs in " + wrong.size() + " keys: "
                    + wrong.subList(0, Math.min(20, wrong.size())), e);
        }
        Map<String, List<String>> expected = new TreeMap<>();
        table.forEach((k, gv) -> expected.put(k, gv.equals("b/2") ? List.of("INSERT", "MODIFY") : List.of("INSERT")));
        String arn = c.describeTable(b -> b.tableName(TABLE)).table().latestStreamArn();
        Eventually.await(Duration.ofSeconds(120), "the stream holds each change once, in order", () -> stream(streams, arn).equals(expected));
        return table.size();
    }

    /**
     * Both index partitions: pk -> "g/v", or "g/v and g/v" for a key seen under both. Not a failure by
     * itself: a GSI Query is eventually consistent (one replica answers on Cassandra), and a replica
     * that missed a fault's writes may still hold an entry another has replaced, until hints (or a
     * repair) bring it up to date; the caller waits for a read that matches the table.
     */
    private static Map<String, String> index(DynamoDbClient c) {
        Map<String, String> out = new TreeMap<>();
        for (String g : List.of("a", "b")) {
            c.queryPaginator(b -> b.tableName(TABLE).indexName("byG").keyConditionExpression("g = :g")
                    .expressionAttributeValues(Map.of(":g", s(g)))).items().forEach(i ->
                        out.merge(i.get("pk").s(), i.get("g").s() + "/" + i.get("v").n(), (x, y) -> x + " and " + y));
        }
        return out;
    }

    /** pk -> its records' event names, in stream order; a sequence number seen twice fails at once. */
    private static Map<String, List<String>> stream(DynamoDbStreamsClient streams, String arn) {
        Map<String, List<String>> out = new TreeMap<>();
        Set<String> sequences = new HashSet<>();
        for (Record r : StreamRecords.all(streams, arn)) {
            assertTrue(sequences.add(r.dynamodb().sequenceNumber()), "sequence number twice");
            out.computeIfAbsent(r.dynamodb().keys().get("pk").s(), k -> new ArrayList<>()).add(r.eventNameAsString());
        }
        return out;
    }

    String summary() {
        return String.format("%d puts and %d updates acknowledged, %d puts and %d updates refused with 503, %d unknown",
                putsAcknowledged.size(), updatesAcknowledged.size(), putsRefused.size(), updatesRefused.size(), unknown.get());
    }
}
