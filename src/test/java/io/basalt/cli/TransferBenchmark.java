package io.basalt.cli;

import io.basalt.it.ServerProcess;
import io.basalt.it.ServerTestBase;
import io.basalt.it.TransferWaits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;

/**
 * Export and import figures for docs/benchmarks.md (issue #22), and the 1,000,000-item round trip:
 * a server in its own process on disk with {@code --export-root}, N items (default 1,000,000, about
 * 300 bytes each, one GSI), PITR turned on, a full DYNAMODB_JSON export (until COMPLETED), an
 * import of its data files into a new table with the same GSI (until COMPLETED), then both tables
 * compared: a SHA-256 over the sorted per-item digests of each table's items (every attribute, by
 * name) must be equal, as must the counts. Run with {@code ./basalt bench transfer-figures [N]}.
 */
public final class TransferBenchmark {
    private TransferBenchmark() {}

    /** What one round trip measured. */
    public record Result(long items, String sourceChecksum, long sourceCount, String importedChecksum, long importedCount,
                         String markdown) {}

    public static void main(String[] args) throws Exception {
        Result r = run(args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000);
        System.out.println("| step | time | rate / size |");
        System.out.println("|---|---:|---|");
        System.out.print(r.markdown());
        if (!r.sourceChecksum().equals(r.importedChecksum()) || r.sourceCount() != r.importedCount()) {
            throw new IllegalStateException("the imported table differs from the exported one");
        }
    }

    public static Result run(int items) throws Exception {
        Path root = Files.createTempDirectory("basalt-transfer-bench");
        Path data = root.resolve("data");
        Path exports = Files.createDirectories(root.resolve("exports"));
        StringBuilder md = new StringBuilder();
        try (ServerProcess server = ServerProcess.start(data, "--log-level", "warn", "--export-root", exports.toString());
             DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
            BackupBenchmark.createBigTable(c);
            long t0 = System.nanoTime();
            BackupBenchmark.load(server, items);
            md.append(String.format("| load %,d items (BatchWriteItem, 8 clients) | %.1f s | %,.0f items/s |%n", items,
                    BackupBenchmark.seconds(t0), items / BackupBenchmark.seconds(t0)));
            t0 = System.nanoTime();
            c.updateContinuousBackups(b -> b.tableName("big").pointInTimeRecoverySpecification(p -> p.pointInTimeRecoveryEnabled(true)));
            md.append(String.format("| turn PITR on (base copy of every item) | %.1f s | |%n", BackupBenchmark.seconds(t0)));

            t0 = System.nanoTime();
            String arn = c.exportTableToPointInTime(b -> b.tableArn("arn:aws:dynamodb:us-east-1:123456789012:table/big")
                    .s3Bucket("bench")).exportDescription().exportArn();
            ExportDescription e = TransferWaits.export(c, arn);
            double exportS = BackupBenchmark.seconds(t0);
            if (!"COMPLETED".equals(e.exportStatusAsString()) || e.itemCount() != items) {
                throw new IllegalStateException("export " + e.exportStatusAsString() + " " + e.failureMessage() + ", " + e.itemCount() + " items");
            }
            String id = arn.substring(arn.lastIndexOf('/') + 1);
            long dataBytes = BackupBenchmark.du(exports.resolve("bench").resolve("AWSDynamoDB").resolve(id).resolve("data"));
            md.append(String.format("| ExportTableToPointInTime (DYNAMODB_JSON, gzip) until COMPLETED | %.1f s | %,.0f items/s, data files %s |%n",
                    exportS, items / exportS, BackupBenchmark.mb(dataBytes)));

            t0 = System.nanoTime();
            String importArn = c.importTable(b -> b.s3BucketSource(s -> s.s3Bucket("bench").s3KeyPrefix("AWSDynamoDB/" + id + "/data/"))
                    .inputFormat("DYNAMODB_JSON").inputCompressionType("GZIP")
                    .tableCreationParameters(t -> t.tableName("big_in").billingMode("PAY_PER_REQUEST")
                            .attributeDefinitions(a -> a.attributeName("pk").attributeType("S"), a -> a.attributeName("g").attributeType("S"))
                            .keySchema(k -> k.attributeName("pk").keyType("HASH"))
                            .globalSecondaryIndexes(g -> g.indexName("byG").keySchema(k -> k.attributeName("g").keyType("HASH"))
                                    .projection(p -> p.projectionType("ALL"))))).importTableDescription().importArn();
            ImportTableDescription imp = TransferWaits.importDone(c, importArn);
            double importS = BackupBenchmark.seconds(t0);
            if (!"COMPLETED".equals(imp.importStatusAsString()) || imp.importedItemCount() != items) {
                throw new IllegalStateException("import " + imp.importStatusAsString() + " " + imp.failureMessage() + ", "
                        + imp.importedItemCount() + " items");
            }
            md.append(String.format("| ImportTable (the export's data, GZIP, with the GSI) until COMPLETED | %.1f s | %,.0f items/s, %s read |%n",
                    importS, items / importS, BackupBenchmark.mb(imp.processedSizeBytes())));

            t0 = System.nanoTime();
            Digest source = digest(server, "big");
            Digest imported = digest(server, "big_in");
            md.append(String.format("| compare (parallel Scan of both tables, SHA-256 over sorted item digests) | %.1f s | %s %s |%n",
                    BackupBenchmark.seconds(t0), source.count == imported.count && source.sha.equals(imported.sha) ? "equal:" : "DIFFERENT:",
                    source.sha.substring(0, 16)));
            return new Result(items, source.sha, source.count, imported.sha, imported.count, md.toString());
        } finally {
            ServerTestBase.deleteTree(root);
        }
    }

    private record Digest(String sha, long count) {}

    /** SHA-256 over the sorted 16-byte digests of every item (attributes by name), with 4 Scan segments. */
    private static Digest digest(ServerProcess server, String table) throws Exception {
        int segments = 4;
        ExecutorService pool = Executors.newFixedThreadPool(segments);
        List<Future<List<byte[]>>> parts = new ArrayList<>();
        for (int s = 0; s < segments; s++) {
            int segment = s;
            parts.add(pool.submit(() -> {
                List<byte[]> out = new ArrayList<>();
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                try (DynamoDbClient c = ServerTestBase.client(server.endpoint())) {
                    c.scanPaginator(b -> b.tableName(table).segment(segment).totalSegments(segments)).items().forEach(item -> {
                        out.add(Arrays.copyOf(sha.digest(canonical(item).getBytes(StandardCharsets.UTF_8)), 16));
                    });
                }
                return out;
            }));
        }
        List<byte[]> all = new ArrayList<>();
        for (Future<List<byte[]>> f : parts) all.addAll(f.get());
        pool.shutdown();
        all.sort(Arrays::compare);
        MessageDigest total = MessageDigest.getInstance("SHA-256");
        for (byte[] d : all) total.update(d);
        return new Digest(HexFormat.of().formatHex(total.digest()), all.size());
    }

    private static String canonical(Map<String, AttributeValue> item) {
        return new TreeMap<>(item).toString();
    }
}
