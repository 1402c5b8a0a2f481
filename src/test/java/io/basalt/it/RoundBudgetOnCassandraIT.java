package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.compat.Covers;
import io.basalt.storage.cassandra.CassandraStorage;
import io.basalt.storage.cassandra.StatementCounts.Tally;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.StreamViewType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The round budget of the Cassandra engine (docs/scale-out.md, "Round budget"): the statements and
 * Paxos operations (LWTs, serial reads) each kind of DynamoDB operation sends to Cassandra, on the
 * request path (the server's worker threads) and after the answer (the change-log applier), counted
 * by the store itself ({@code CassandraStorage.statementCounts()}). Each kind runs a few times on one
 * thread; the averages are printed and must stay within the budget below, so a change that adds a
 * round fails here instead of slowing the cluster silently.
 */
@OnCassandra
class RoundBudgetOnCassandraIT extends ServerTestBase {
    private static final int TIMES = 6;
    private static final String WORKERS = "basalt-worker", APPLIER = "cassandra-change-log";

    /** The most an operation may cost: on the request path (statements, Paxos) and in the applier (Paxos). */
    private record Budget(double statements, double paxos, double appliedPaxos) {}

    private static final Map<String, Budget> BUDGETS = new LinkedHashMap<>();

    static {
        BUDGETS.put("GetItem eventual", new Budget(1.34, 0, 0));
        BUDGETS.put("GetItem strong", new Budget(1.34, 0, 0));
        BUDGETS.put("Query one page", new Budget(1.34, 0, 0));
        BUDGETS.put("PutItem", new Budget(4, 1, 0));
        BUDGETS.put("DeleteItem", new Budget(2, 1, 0));
        BUDGETS.put("UpdateItem", new Budget(2, 1, 0));
        BUDGETS.put("PutItem replacing this node's item", new Budget(2, 1, 0));
        BUDGETS.put("PutItem conditional", new Budget(4, 1, 0));
        BUDGETS.put("PutItem, GSI + stream", new Budget(5.5, 1, 5));
        BUDGETS.put("DeleteItem, GSI + stream", new Budget(3, 1, 5));
        BUDGETS.put("UpdateItem, GSI + stream", new Budget(3, 1, 6));
        BUDGETS.put("PutItem replacing this node's item, GSI + stream", new Budget(3, 1, 6));
        BUDGETS.put("PutItem conditional, GSI + stream", new Budget(5, 1, 5));
        BUDGETS.put("BatchWriteItem of 25 (per item)", new Budget(1.5, 0.2, 0));
        BUDGETS.put("TransactWriteItems, 2 items in 2 partitions", new Budget(19.5, 9, 0));
    }

    @Test
    @Covers(operation = "GetItem", parameters = {"ConsistentRead"})
    @Covers(operation = "Query", parameters = {"KeyConditionExpression"})
    @Covers(operation = "PutItem", parameters = {"ConditionExpression"})
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression"})
    @Covers(operation = "DeleteItem", parameters = {"Key"})
    @Covers(operation = "BatchWriteItem", parameters = {"RequestItems"})
    @Covers(operation = "TransactWriteItems", parameters = {"TransactItems"})
    void everyOperationStaysWithinItsRoundBudget() throws Exception {
        CassandraStorage store = (CassandraStorage) server.engine().storage();
        createTable("plain", false);
        createTable("logged", true);
        for (String t : List.of("plain", "logged")) {
            for (int i = 0; i < 10; i++) put(t, "p", "s" + i);
        }
        awaitApplied(store);

        Map<String, double[]> measured = new LinkedHashMap<>();
        measured.put("GetItem eventual", measure(store, TIMES, i -> ddb.getItem(b -> b.tableName("plain").key(key("p", "s1")))));
        measured.put("GetItem strong", measure(store, TIMES, i -> ddb.getItem(b -> b.tableName("plain").key(key("p", "s1")).consistentRead(true))));
        measured.put("Query one page", measure(store, TIMES, i -> ddb.query(b -> b.tableName("plain").keyConditionExpression("pk = :p")
                .expressionAttributeValues(Map.of(":p", s("p"))))));
        for (String t : List.of("plain", "logged")) {
            String suffix = t.equals("plain") ? "" : ", GSI + stream";
            measured.put("PutItem" + suffix, measure(store, TIMES, i -> put(t, "w" + i, "x")));
            measured.put("UpdateItem" + suffix, measure(store, TIMES, i -> ddb.updateItem(b -> b.tableName(t).key(key("w" + i, "x"))
                    .updateExpression("SET v = v + :one").expressionAttributeValues(Map.of(":one", n("1"))))));
            measured.put("PutItem replacing this node's item" + suffix, measure(store, TIMES, i -> put(t, "w" + i, "x")));
            measured.put("PutItem conditional" + suffix, measure(store, TIMES, i -> ddb.putItem(b -> b.tableName(t)
                    .item(item("pk", "c" + i, "sk", "x", "g", "grp", "v", n("0"))).conditionExpression("attribute_not_exists(pk)"))));
            measured.put("DeleteItem" + suffix, measure(store, TIMES, i -> ddb.deleteItem(b -> b.tableName(t).key(key("w" + i, "x")))));
        }
        // 25 items in 5 partitions of 5, per item
        double[] batch = measure(store, 3, i -> {
            List<WriteRequest> writes = new ArrayList<>();
            for (int k = 0; k < 25; k++) {
                Map<String, AttributeValue> it = item("pk", "b" + i + "-" + k / 5, "sk", "s" + k % 5, "v", n("1"));
                writes.add(WriteRequest.builder().putRequest(r -> r.item(it)).build());
            }
            var out = ddb.batchWriteItem(b -> b.requestItems(Map.of("plain", writes)));
            assertTrue(out.unprocessedItems().isEmpty(), "unprocessed: " + out.unprocessedItems());
        });
        for (int k = 0; k < batch.length; k++) batch[k] /= 25;
        measured.put("BatchWriteItem of 25 (per item)", batch);
        measured.put("TransactWriteItems, 2 items in 2 partitions", measure(store, TIMES, i -> ddb.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName("plain").item(item("pk", "t" + i, "sk", "a", "v", n("1")))).build(),
                TransactWriteItem.builder().put(p -> p.tableName("plain").item(item("pk", "u" + i, "sk", "b", "v", n("1")))).build()))));

        StringBuilder report = new StringBuilder("round budget (per operation, averages of single-threaded calls):\n");
        report.append(String.format("%-50s %10s %8s %10s   %s%n", "operation", "statements", "Paxos", "applier", "request path"));
        List<String> over = new ArrayList<>();
        for (Map.Entry<String, double[]> e : measured.entrySet()) {
            double[] m = e.getValue();
            report.append(String.format("%-50s %10.2f %8.2f %10.2f   %s%n", e.getKey(), m[0], m[1], m[2], describe(m)));
            Budget b = BUDGETS.get(e.getKey());
            if (e.getKey().contains("eventual") || e.getKey().startsWith("Query")) {
                if (m[3] != 1.0) over.add(e.getKey() + ": " + m[3] + " LOCAL_ONE reads, not 1");
            }
            if (m[0] > b.statements() + 0.01 || m[1] > b.paxos() + 0.01 || m[2] > b.appliedPaxos() + 0.01) {
                over.add(e.getKey() + " " + String.format("%.2f/%.2f/%.2f", m[0], m[1], m[2]) + " over " + b);
            }
        }
        Map<String, Tally> before = store.statementCounts();
        Thread.sleep(5_000);
        Map<String, Tally> idle = delta(before, store.statementCounts());
        report.append("idle node, 5 s: ").append(idle).append('\n');
        System.out.println(report);
        assertTrue(over.isEmpty(), "over budget: " + over + "\n" + report);
    }

    private void createTable(String name, boolean logged) {
        ddb.createTable(b -> {
            b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH), k -> k.attributeName("sk").keyType(KeyType.RANGE))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("sk").attributeType(ScalarAttributeType.S),
                            a -> a.attributeName("g").attributeType(ScalarAttributeType.S));
            if (logged) {
                b.globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                                .projection(p -> p.projectionType(ProjectionType.ALL)))
                        .streamSpecification(st -> st.streamEnabled(true).streamViewType(StreamViewType.NEW_AND_OLD_IMAGES));
            } else {
                b.attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("sk").attributeType(ScalarAttributeType.S));
            }
        });
    }

    private static Map<String, AttributeValue> key(String pk, String sk) {
        return item("pk", pk, "sk", sk);
    }

    private void put(String table, String pk, String sk) {
        ddb.putItem(b -> b.tableName(table).item(item("pk", pk, "sk", sk, "g", "grp", "v", n("1"), "pad", "x".repeat(200))));
    }

    private interface Call {
        void run(int i) throws Exception;
    }

    /**
     * Runs {@code call} {@code times} times (with 0, 1, ...), waits for its change logs,
     * and returns per call: request-path statements, request-path Paxos, applier Paxos.
     */
    private double[] measure(CassandraStorage store, int times, Call call) throws Exception {
        awaitApplied(store);
        Map<String, Tally> before = store.statementCounts();
        for (int i = 0; i < times; i++) call.run(i);
        awaitApplied(store);
        awaitQuiet(store, APPLIER); // the lease's release comes after the marker's deletion
        Map<String, Tally> d = delta(before, store.statementCounts());
        Tally req = zero(), applier = d.getOrDefault(APPLIER, zero());
        for (Map.Entry<String, Tally> e : d.entrySet()) {
            // the workers' own statements and those of the threads they hand a request's parts to
            if (e.getKey().startsWith(WORKERS)) req = plus(req, e.getValue());
        }
        return new double[] {req.statements() / (double) times, req.paxos() / (double) times, applier.paxos() / (double) times,
                req.readsOne() / (double) times, req.readsQuorum() / (double) times, req.readsSerial() / (double) times,
                req.lwts() / (double) times, req.plainWrites() / (double) times, applier.statements() / (double) times};
    }

    private static String describe(double[] m) {
        return String.format("LOCAL_ONE %.2f, quorum %.2f, serial %.2f, LWT %.2f, plain %.2f; applier statements %.2f",
                m[3], m[4], m[5], m[6], m[7], m[8]);
    }

    private static void awaitApplied(CassandraStorage store) {
        Eventually.await(Duration.ofSeconds(60), "the change logs are applied", () -> store.pendingChangeLogs() == 0);
    }

    private static void awaitQuiet(CassandraStorage store, String origin) throws InterruptedException {
        long last = -1;
        for (int i = 0; i < 50; i++) {
            long now = store.statementCounts().getOrDefault(origin, zero()).statements();
            if (now == last) return;
            last = now;
            Thread.sleep(200);
        }
    }

    private static Tally plus(Tally a, Tally b) {
        return new Tally(a.readsOne() + b.readsOne(), a.readsQuorum() + b.readsQuorum(), a.readsSerial() + b.readsSerial(),
                a.lwts() + b.lwts(), a.plainWrites() + b.plainWrites());
    }

    private static Tally zero() {
        return new Tally(0, 0, 0, 0, 0);
    }

    private static Map<String, Tally> delta(Map<String, Tally> before, Map<String, Tally> after) {
        Map<String, Tally> out = new LinkedHashMap<>();
        after.forEach((origin, t) -> {
            Tally d = t.minus(before.getOrDefault(origin, zero()));
            if (d.statements() > 0) out.put(origin, d);
        });
        return out;
    }
}
