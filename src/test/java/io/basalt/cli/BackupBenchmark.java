package io.basalt.cli;

import io.basalt.StoreBackup;
import io.basalt.it.ServerProcess;
import io.basalt.it.ServerTestBase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Backup and restore figures for docs/benchmarks.md (issue #22): a server in its own process with
 * N items (default 1,000,000, about 300 bytes each, one GSI), then the time and disk use of an
 * on-demand backup (CreateBackup until AVAILABLE), a restore from it (RestoreTableFromBackup until
 * ACTIVE, item count checked), and a whole-store backup of the running server and its restore.
 * Run with {@code bench/backup-figures.sh [N]}.
 */
public final class BackupBenchmark {
    private BackupBenchmark() {}

    public static void main(String[] args) throws Exception {
        int items = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        Path root = Files.createTempDirectory("basalt-backup-bench");
        Path data = root.resolve("data");
        StringBuilder md = new StringBuilder();
        try (ServerProcess server = ServerProcess.start(data, "--log-level", "warn");
             DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            createBigTable(c);
            long t0 = System.nanoTime();
            load(server, items);
            double loadS = seconds(t0);
            long storeBytes = du(data);
            md.append(String.format("| load %,d items (BatchWriteItem, 8 clients) | %.1f s | store %s |%n", items, loadS, mb(storeBytes)));

            t0 = System.nanoTime();
            String arn = c.createBackup(b -> b.tableName("big").backupName("bench")).backupDetails().backupArn();
            while (!"AVAILABLE".equals(c.describeBackup(b -> b.backupArn(arn)).backupDescription().backupDetails().backupStatusAsString())) {
                Thread.sleep(100);
            }
            double backupS = seconds(t0);
            long backupBytes = c.describeBackup(b -> b.backupArn(arn)).backupDescription().backupDetails().backupSizeBytes();
            md.append(String.format("| CreateBackup until AVAILABLE | %.1f s | backup %s on disk |%n", backupS, mb(du(data.resolve("backups")))));

            t0 = System.nanoTime();
            c.restoreTableFromBackup(b -> b.backupArn(arn).targetTableName("restored"));
            while (!"ACTIVE".equals(c.describeTable(b -> b.tableName("restored")).table().tableStatusAsString())) Thread.sleep(100);
            double restoreS = seconds(t0);
            long restored = count(c, "restored");
            if (restored != items) throw new IllegalStateException("restored " + restored + " of " + items);
            md.append(String.format("| RestoreTableFromBackup until ACTIVE (%,d items checked) | %.1f s | BackupSizeBytes %s |%n",
                    restored, restoreS, mb(backupBytes)));

            Path whole = root.resolve("whole");
            t0 = System.nanoTime();
            ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
            int code = BackupCommand.backup(List.of("--data-dir", data.toString(), "--to", whole.toString()), new PrintStream(out), new PrintStream(err));
            if (code != 0) throw new IllegalStateException(err.toString());
            double wholeS = seconds(t0);
            md.append(String.format("| whole-store backup of the running server (two tables, %,d items each) | %.1f s | %s (%s) |%n",
                    items, wholeS, mb(du(whole)), "hard links on the same file system"));
            t0 = System.nanoTime();
            code = BackupCommand.restore(List.of("--from", whole.toString(), "--data-dir", root.resolve("restored").toString()),
                    new PrintStream(out), new PrintStream(err));
            if (code != 0) throw new IllegalStateException(err.toString());
            md.append(String.format("| whole-store restore (verify checksums + copy) | %.1f s | %s |%n", seconds(t0), mb(du(root.resolve("restored")))));
        } finally {
            ServerTestBase.deleteTree(root);
        }
        System.out.println("| step | time | disk |");
        System.out.println("|---|---:|---|");
        System.out.print(md);
    }

    /** The benchmarks' table "big": key pk, one GSI byG on g (projection ALL). */
    static void createBigTable(DynamoDbClient c) {
        c.createTable(b -> b.tableName("big").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("g").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType(KeyType.HASH))
                        .projection(p -> p.projectionType("ALL"))));
    }

    static void load(ServerProcess server, int items) throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<?>> parts = new ArrayList<>();
        String pad = "x".repeat(250);
        for (int t = 0; t < threads; t++) {
            int part = t;
            parts.add(pool.submit(() -> {
                try (DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
                    List<WriteRequest> batch = new ArrayList<>();
                    for (int i = part; i < items; i += threads) {
                        batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(Map.of(
                                "pk", AttributeValue.fromS("k" + i), "g", AttributeValue.fromS("g" + (i % 1000)),
                                "v", AttributeValue.fromS(pad))).build()).build());
                        if (batch.size() == 25 || i + threads >= items) {
                            Map<String, List<WriteRequest>> pending = Map.of("big", List.copyOf(batch));
                            while (!pending.isEmpty()) {
                                Map<String, List<WriteRequest>> send = pending;
                                pending = c.batchWriteItem(b -> b.requestItems(send)).unprocessedItems();
                            }
                            batch.clear();
                        }
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : parts) f.get();
        pool.shutdown();
    }

    private static long count(DynamoDbClient c, String table) {
        long n = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            var r = c.scan(b -> b.tableName(table).select("COUNT").exclusiveStartKey(from));
            n += r.count();
            start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
        } while (start != null);
        return n;
    }

    static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    static long du(Path dir) throws Exception {
        long n = 0;
        for (Path f : StoreBackup.files(dir)) n += Files.size(f);
        return n;
    }

    static String mb(long bytes) {
        return String.format("%,.0f MB", bytes / 1e6);
    }
}
