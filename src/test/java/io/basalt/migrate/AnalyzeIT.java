package io.basalt.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.JdbcSource;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.ItemSize;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code migrate analyze} against the machine's real PostgreSQL (127.0.0.1:5432, user postgres) and
 * MariaDB (127.0.0.1:3306, root): a small orders schema whose enumeration-like status_code column
 * concentrates 70% of the rows on one value, so the hot-partition warning must appear. Each test
 * creates its own database and drops it. With BASALT_MIGRATE_1M=1 the gaming example is generated
 * with 1,000,000 association rows on PostgreSQL and on MariaDB and analysed (slow; off by default).
 */
class AnalyzeIT {
    private static final String PG = "jdbc:postgresql://127.0.0.1:5432/";
    private static final String MARIA = "jdbc:mariadb://127.0.0.1:3306/";

    @Test
    void postgresql(@TempDir Path dir) throws Exception {
        String db = "basalt_an_" + System.nanoTime();
        try (Connection admin = connect(PG + "postgres", "postgres")) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                analyse(PG + db, "postgres", dir);
            } finally {
                exec(admin, "DROP DATABASE " + db + " WITH (FORCE)");
            }
        }
    }

    @Test
    void mariadb(@TempDir Path dir) throws Exception {
        String db = "basalt_an_" + System.nanoTime();
        try (Connection admin = connect(MARIA, "root")) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                analyse(MARIA + db, "root", dir);
            } finally {
                exec(admin, "DROP DATABASE " + db);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private void analyse(String url, String user, Path dir) throws Exception {
        try (Connection c = connect(url, user)) {
            exec(c, "CREATE TABLE customers (customer_id INTEGER PRIMARY KEY, email VARCHAR(200) NOT NULL UNIQUE, note VARCHAR(100))");
            exec(c, "CREATE TABLE orders (order_id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(customer_id),"
                    + " status_code VARCHAR(10) NOT NULL, total DECIMAL(12,2) NOT NULL, paid BOOLEAN NOT NULL)");
            StringBuilder customers = new StringBuilder("INSERT INTO customers VALUES ");
            for (int i = 0; i < 50; i++) customers.append(i == 0 ? "" : ",").append("(").append(i).append(",'c").append(i).append("@example.com',")
                    .append(i % 5 == 0 ? "NULL" : "'vip'").append(")");
            exec(c, customers.toString());
            StringBuilder orders = new StringBuilder("INSERT INTO orders VALUES ");
            for (int i = 0; i < 1000; i++) {
                String status = i % 10 < 7 ? "SHIPPED" : i % 10 < 9 ? "PENDING" : "CANCELLED";
                orders.append(i == 0 ? "" : ",").append("(").append(i).append(",").append(i % 50).append(",'").append(status)
                        .append("',").append(i).append(".25,").append(i % 2 == 0 ? "TRUE" : "FALSE").append(")");
            }
            exec(c, orders.toString());
            // the exact sizes of the first order, for the size check below
            Map<String, AttributeValue> order0 = new LinkedHashMap<>();
            order0.put("order_id", new AttributeValue.N(DNumber.parse("0")));
            order0.put("customer_id", new AttributeValue.N(DNumber.parse("0")));
            order0.put("status_code", new AttributeValue.S("SHIPPED"));
            order0.put("total", new AttributeValue.N(DNumber.parse("0.25")));
            order0.put("paid", AttributeValue.Bool.TRUE);
            long expected = ItemSize.of(order0);
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM orders WHERE order_id = 0")) {
                rs.next();
                ColumnMapping m = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
                long size = 0;
                for (int i = 1; i <= 5; i++) {
                    var md = rs.getMetaData();
                    ColumnMapping.Column col = m.column(md.getColumnLabel(i), md.getColumnType(i), md.getColumnTypeName(i),
                            md.getPrecision(i), md.getScale(i), true);
                    size += ItemSize.utf8Length(col.name()) + ItemSize.of(m.value(rs, i, col));
                }
                assertEquals(expected, size, "item size of a row = Basalt's ItemSize of the same item");
            }
        }
        EstimateTest.run(0, "analyze", "--source", url, "--user", user, "--table", "orders",
                "--table", "customers", "--key", "status_code", "--sample", "200", "--out", dir.toString());
        Map<String, Object> analysis = (Map<String, Object>) io.basalt.migrate.model.ModelLoader.readTree(
                Files.readString(dir.resolve("analysis.json")), "analysis.json");
        List<Map<String, Object>> entities = (List<Map<String, Object>>) analysis.get("entities");
        Map<String, Object> orders = entities.get(0);
        assertEquals(1000, ((Number) orders.get("rows")).intValue());
        Map<String, Object> size = (Map<String, Object>) orders.get("itemSize");
        assertEquals(200, ((Number) size.get("sampleSize")).intValue());
        assertEquals(true, size.get("sampled"));
        List<String> warnings = (List<String>) orders.get("warnings");
        assertTrue(warnings.stream().anyMatch(w -> w.startsWith("hot partition: as a partition key, status_code would put 70.0%")), warnings.toString());
        Map<String, String> types = new LinkedHashMap<>();
        for (Map<String, Object> col : (List<Map<String, Object>>) orders.get("columns")) types.put((String) col.get("name"), (String) col.get("dynamoType"));
        assertEquals(Map.of("order_id", "N", "customer_id", "N", "status_code", "S", "total", "N", "paid", "BOOL"), types);
        assertTrue(((List<String>) orders.get("proposals")).get(0).startsWith("item collection: store orders rows under their customers"),
                orders.get("proposals").toString());
        Map<String, Object> customers = entities.get(1);
        assertEquals(false, ((Map<String, Object>) customers.get("itemSize")).get("sampled"));
        String html = Files.readString(dir.resolve("analysis.html"));
        assertTrue(html.contains("<svg") && html.contains("hot partition") && !html.contains("<script"), "self-contained HTML with SVG charts");
        assertTrue(Files.readString(dir.resolve("analysis.md")).contains("Simple random sample with replacement of 200 rows"));
        // model init then model check with the analysis: the proposal is served, status_code's share is known
        Path model = dir.resolve("model.yaml");
        EstimateTest.run(0, "model", "init", "--analysis", dir.resolve("analysis.json").toString(), "--out", model.toString());
        EstimateTest.run(0, "model", "check", "--model", model.toString(), "--analysis", dir.resolve("analysis.json").toString());
        EstimateTest.run(0, "estimate", "--model", model.toString(), "--format", "json");
    }

    @Test
    void gamingExampleWithAMillionRows(@TempDir Path dir) throws Exception {
        millionRows(dir, PG, "postgres", "postgres", " WITH (FORCE)");
    }

    @Test
    void gamingExampleWithAMillionRowsOnMariadb(@TempDir Path dir) throws Exception {
        millionRows(dir, MARIA, "", "root", "");
    }

    private void millionRows(Path dir, String prefix, String adminDb, String user, String dropSuffix) throws Exception {
        Assumptions.assumeTrue("1".equals(System.getenv("BASALT_MIGRATE_1M")), "set BASALT_MIGRATE_1M=1 to run");
        String db = "basalt_gaming_" + System.nanoTime();
        try (Connection admin = connect(prefix + adminDb, user)) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                EstimateTest.run(0, "generate-example", "gaming", "--source", prefix + db, "--user", user, "--rows", "1000000");
                EstimateTest.run(0, "analyze", "--source", prefix + db, "--user", user, "--sample", "100000", "--out", dir.toString());
                assertTrue(Files.readString(dir.resolve("analysis.json")).replace(" ", "").contains("\"rows\":1000000"));
            } finally {
                exec(admin, "DROP DATABASE " + db + dropSuffix);
            }
        }
    }

    private static Connection connect(String url, String user) throws Exception {
        try {
            return JdbcSource.connect(url, user, null, List.of());
        } catch (java.sql.SQLException e) {
            Assumptions.abort("database not reachable at " + url + ": " + e.getMessage());
            throw e;
        }
    }

    private static void exec(Connection c, String sql) throws Exception {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
