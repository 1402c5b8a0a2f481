package io.basalt.migrate.load;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.MigrateCommand;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.JdbcSource;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The load benchmark of the migration toolkit (issue #19): the gaming example loaded from a real
 * relational source into a fresh on-disk Basalt twice in one run, once by {@code migrate run} and
 * once naively (one PutItem after another, in source order, through the same model mapping), with
 * the rows per second of each and the exact counts. Run with {@code bench/migrate-load.sh}.
 *
 * <pre>LoadBenchmark --source JDBC-URL --user U [--naive-rows N] [--out FILE.md]</pre>
 */
public final class LoadBenchmark {
    private LoadBenchmark() {}

    public static void main(String[] argv) throws Exception {
        Map<String, String> a = options(argv);
        String source = a.get("source"), user = a.get("user");
        long naiveRows = Long.parseLong(a.getOrDefault("naive-rows", "0"));
        Path model = Path.of(a.getOrDefault("model", "examples/gaming/model.yaml"));
        Path work = Files.createTempDirectory("basalt-load-bench");
        StringBuilder md = new StringBuilder();
        long sourceRows;
        try (Connection c = JdbcSource.connect(source, user, a.get("password"), List.of());
             PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM players_games"); ResultSet rs = ps.executeQuery()) {
            rs.next();
            sourceRows = rs.getLong(1);
        }
        System.err.printf("source %s: %,d association rows%n", source, sourceRows);

        // 1. the toolkit, into a fresh store
        long toolkitImported;
        double toolkitSeconds;
        try (Basalt basalt = Basalt.start(BasaltConfig.onDiskOnFreePort(work.resolve("toolkit")))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            long t0 = System.nanoTime();
            int code = MigrateCommand.run(List.of("run", "--model", model.toString(), "--source", source, "--user", user,
                    "--endpoint", basalt.endpoint().toString(), "--report", work.resolve("toolkit-report").toString(), "--format", "json"),
                    Map.of("AWS_ACCESS_KEY_ID", "bench", "AWS_SECRET_ACCESS_KEY", "bench"), new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
            toolkitSeconds = (System.nanoTime() - t0) / 1e9;
            String json = out.toString(StandardCharsets.UTF_8);
            if (code != 0) throw new IllegalStateException("migrate run exited " + code + ": " + json);
            toolkitImported = number(json, "\"total\"\\s*:\\s*\\{[^}]*\"imported\"\\s*:\\s*(\\d+)");
            long count = count(basalt, "Games");
            if (toolkitImported != sourceRows || count != sourceRows) {
                throw new IllegalStateException("toolkit: imported " + toolkitImported + ", table holds " + count + ", source " + sourceRows);
            }
        }
        System.err.printf("toolkit: %,d rows in %.1f s%n", toolkitImported, toolkitSeconds);

        // 2. naively: PutItem after PutItem, in the order the source returns the rows
        long naiveImported = 0, naiveRead = 0;
        double naiveSeconds;
        Model m = ModelLoader.load(model);
        Model.Entity entity = m.entities().get(0);
        Model.Table table = m.table(entity.table()).orElseThrow();
        try (Basalt basalt = Basalt.start(BasaltConfig.onDiskOnFreePort(work.resolve("naive")));
             DynamoDbClient ddb = DynamoTarget.client(basalt.endpoint(), "us-east-1", Map.of(), true)) {
            DynamoTarget.createMissingTables(ddb, m);
            try (Connection c = JdbcSource.connect(source, user, a.get("password"), List.of())) {
                c.setAutoCommit(false);
                long t0 = System.nanoTime();
                try (PreparedStatement ps = c.prepareStatement(entity.query())) {
                    ps.setFetchSize(1000);
                    try (ResultSet rs = ps.executeQuery()) {
                        ItemMapper mapper = new ItemMapper(entity, table, new ColumnMapping(ColumnMapping.TimeFormat.ISO, true), rs.getMetaData());
                        while (rs.next() && (naiveRows == 0 || naiveRead < naiveRows)) {
                            naiveRead++;
                            ItemMapper.Mapped mapped = mapper.map(rs);
                            if (!mapped.ok()) continue;
                            ddb.putItem(b -> b.tableName(table.name()).item(DynamoTarget.toSdk(mapped.item())));
                            naiveImported++;
                        }
                    }
                }
                naiveSeconds = (System.nanoTime() - t0) / 1e9;
                c.rollback();
            }
            long count = count(basalt, "Games");
            if (naiveImported != naiveRead || count != naiveRead) {
                throw new IllegalStateException("naive: read " + naiveRead + ", imported " + naiveImported + ", table holds " + count);
            }
        }
        System.err.printf("naive: %,d rows in %.1f s%n", naiveImported, naiveSeconds);

        double toolkitRate = toolkitImported / toolkitSeconds, naiveRate = naiveImported / naiveSeconds;
        md.append(String.format("| %s | %,d | %,d in %.1f s | **%,.0f** | %,d in %.1f s | %,.0f | **%.1f×** |%n",
                JdbcSource.dialect(JdbcSource.connect(source, user, a.get("password"), List.of())), sourceRows,
                toolkitImported, toolkitSeconds, toolkitRate, naiveImported, naiveSeconds, naiveRate, toolkitRate / naiveRate));
        System.out.print(md);
        if (a.get("out") != null) Files.writeString(Path.of(a.get("out")), md, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
        io.basalt.it.ServerTestBase.deleteTree(work);
    }

    /** The item count of a table, by a paginated COUNT Scan (exact, unlike DescribeTable's ItemCount). */
    private static long count(Basalt basalt, String table) {
        try (DynamoDbClient ddb = DynamoTarget.client(basalt.endpoint(), "us-east-1", Map.of(), true)) {
            long n = 0;
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> start = null;
            do {
                var from = start;
                var r = ddb.scan(b -> b.tableName(table).select("COUNT").exclusiveStartKey(from));
                n += r.count();
                start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
            } while (start != null);
            return n;
        }
    }

    private static long number(String json, String regex) {
        Matcher m = Pattern.compile(regex).matcher(json);
        if (!m.find()) throw new IllegalStateException("not in the report: " + regex + "\n" + json);
        return Long.parseLong(m.group(1));
    }

    private static Map<String, String> options(String[] argv) {
        Map<String, String> m = new java.util.HashMap<>();
        List<String> rest = new ArrayList<>(List.of(argv));
        for (int i = 0; i + 1 < rest.size(); i += 2) {
            if (!rest.get(i).startsWith("--")) throw new IllegalArgumentException("unexpected " + rest.get(i));
            m.put(rest.get(i).substring(2), rest.get(i + 1));
        }
        if (!m.containsKey("source") || !m.containsKey("user")) {
            throw new IllegalArgumentException("usage: LoadBenchmark --source JDBC-URL --user U [--naive-rows N] [--out FILE.md]");
        }
        return m;
    }
}
