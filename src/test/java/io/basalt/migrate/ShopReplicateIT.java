package io.basalt.migrate;

import static io.basalt.migrate.MigrateRunIT.exec;
import static io.basalt.migrate.MigrateRunIT.migrate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.replicate.Replicator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Replicate on a small shop schema it was not written for, on PostgreSQL and MariaDB: item keys
 * made of non-primary-key columns (a shipment under its order, {@code O#{order_id}} /
 * {@code S#{shipment_id}}), a table without a primary key (order events), a product name copied into
 * order lines by a join. On PostgreSQL {@code replicate --init} first refuses, before creating
 * anything, naming each table, why and the ALTER TABLE to run; with {@code --replica-identity full}
 * it sets REPLICA IDENTITY FULL on exactly those tables and publishes only the model's tables, so
 * the application's UPDATE and DELETE on another key-less table still work. Then shipments deleted
 * and moved to other orders, events deleted and re-timed, a product renamed and a multi-row
 * transaction reach the target: its items equal a fresh run's, with no orphan and no stale copy.
 */
class ShopReplicateIT {
    private static final String MODEL = """
            entities:
              - name: Order
                query: SELECT order_id, customer FROM orders
                table: Orders
                key: {PK: "O#{order_id}", SK: "ORDER"}
                attributes: {Customer: customer}
              - name: Line
                query: |
                  SELECT ol.order_id, ol.line_no, ol.product_id, ol.qty, p.name AS product_name
                  FROM order_lines ol JOIN products p ON p.product_id = ol.product_id
                table: Orders
                key: {PK: "O#{order_id}", SK: "L#{line_no}"}
                attributes: {ProductId: product_id, Qty: qty, ProductName: product_name}
              - name: Shipment
                query: SELECT order_id, shipment_id, carrier FROM shipments
                table: Orders
                key: {PK: "O#{order_id}", SK: "S#{shipment_id}"}
                attributes: {Carrier: carrier}
              - name: Event
                query: SELECT order_id, at, what FROM order_events
                table: Orders
                key: {PK: "O#{order_id}", SK: "E#{at}"}
                attributes: {What: what}
            tables:
              - name: Orders
                partitionKey: PK
                sortKey: SK
            """;

    @Test
    void postgresql(@TempDir Path dir) throws Exception {
        try (PrivateDatabase pg = PrivateDatabase.postgres()) {
            String url = create(pg, "timestamptz", "+00");
            Path model = dir.resolve("model.yaml");
            Files.writeString(model, MODEL);
            String state = dir.resolve("state.json").toString();

            var refused = migrate("replicate", "--init", "--model", model.toString(), "--source", url, "--user", pg.user(), "--state", state);
            assertEquals(1, refused.code(), refused.out() + refused.err());
            assertEquals("basalt migrate replicate: replicate cannot follow the updates and deletes of table order_events: it has no primary key;"
                    + " table shipments: the item key of entity Shipment uses order_id, which its old rows do not carry (replica identity: shipment_id)."
                    + " Run ALTER TABLE \"public\".\"order_events\" REPLICA IDENTITY FULL; ALTER TABLE \"public\".\"shipments\" REPLICA IDENTITY FULL;"
                    + " or pass --replica-identity full to let replicate do it (nothing was created)\n", refused.err());
            assertFalse(Files.exists(Path.of(state)));
            try (Connection c = pg.connect("shop")) {
                assertEquals(0, count(c, "SELECT count(*) FROM pg_publication"));
                assertEquals(0, count(c, "SELECT count(*) FROM pg_replication_slots"));
                assertEquals(Map.of("order_events", "d", "orders", "d", "shipments", "d"), identities(c));
            }

            var init = migrate("replicate", "--init", "--model", model.toString(), "--source", url, "--user", pg.user(), "--state", state,
                    "--replica-identity", "full");
            assertEquals(0, init.code(), init.err());
            assertTrue(init.out().contains("replicate: set REPLICA IDENTITY FULL on table shipments: the item key of entity Shipment uses order_id"),
                    init.out());
            assertTrue(init.out().contains("replicate: publication basalt_replicate: order_events (replica identity full), order_lines (replica identity"
                    + " primary key), orders (replica identity primary key), products (replica identity primary key), shipments (replica identity full)"),
                    init.out());
            try (Connection c = pg.connect("shop")) {
                assertEquals(Map.of("order_events", "f", "orders", "d", "shipments", "f"), identities(c));
                assertEquals(List.of("order_events", "order_lines", "orders", "products", "shipments"), strings(c,
                        "SELECT tablename FROM pg_publication_tables WHERE pubname = 'basalt_replicate' ORDER BY tablename"));
                // FOR ALL TABLES made PostgreSQL refuse these ("cannot delete from table ... because it does not have a replica identity")
                exec(c, "UPDATE audit_log SET line = 'changed'");
                exec(c, "DELETE FROM audit_log WHERE line = 'changed'");
            }
            replicateAndCompare(pg, url, model, state, "at + INTERVAL '1 hour'");
        }
    }

    @Test
    void mariadb(@TempDir Path dir) throws Exception {
        try (PrivateDatabase maria = PrivateDatabase.mariadb()) {
            Shop shop = Shop.initialised(maria, dir, "TIMESTAMP(6)", "");
            replicateAndCompare(maria, shop.url(), shop.model(), shop.state(), "at + INTERVAL 1 HOUR");
        }
    }

    /**
     * Stop and resume under load: replicate runs while a generator inserts, updates and deletes
     * shipments, events and order lines, moves them between orders, renames products and runs
     * multi-row transactions; replicate is stopped mid-stream, the changes go on, a new replicate
     * resumes from the state file; after the generator stops and replicate caught up, {@code verify
     * --all} is clean and the items equal a fresh run's.
     */
    @Test
    void postgresqlStopAndResumeUnderLoad(@TempDir Path dir) throws Exception {
        try (PrivateDatabase pg = PrivateDatabase.postgres()) {
            Shop shop = Shop.initialised(pg, dir, "timestamptz", "+00", "--replica-identity", "full");
            stopAndResume(pg, shop.url(), shop.model(), shop.state(), "+00");
        }
    }

    @Test
    void mariadbStopAndResumeUnderLoad(@TempDir Path dir) throws Exception {
        try (PrivateDatabase maria = PrivateDatabase.mariadb()) {
            Shop shop = Shop.initialised(maria, dir, "TIMESTAMP(6)", "");
            stopAndResume(maria, shop.url(), shop.model(), shop.state(), "");
        }
    }

    /** The shop database created, its model written and {@code replicate --init} run (with these options). */
    record Shop(String url, Path model, String state) {
        static Shop initialised(PrivateDatabase db, Path dir, String timestampType, String offset, String... initOptions) throws Exception {
            String url = create(db, timestampType, offset);
            Path model = dir.resolve("model.yaml");
            Files.writeString(model, MODEL);
            String state = dir.resolve("state.json").toString();
            List<String> args = new ArrayList<>(List.of("replicate", "--init", "--model", model.toString(), "--source", url, "--user", db.user(),
                    "--state", state));
            args.addAll(List.of(initOptions));
            var init = migrate(args.toArray(String[]::new));
            assertEquals(0, init.code(), init.err());
            return new Shop(url, model, state);
        }
    }

    private static void stopAndResume(PrivateDatabase db, String url, Path model, String state, String offset) throws Exception {
        try (Basalt replicated = Basalt.start(BasaltConfig.inMemoryOnFreePort()); Basalt fresh = Basalt.start(BasaltConfig.inMemoryOnFreePort());
             DynamoDbClient ddb = MigrateRunIT.client(replicated); DynamoDbClient freshDdb = MigrateRunIT.client(fresh);
             Connection source = db.connect("shop")) {
            String endpoint = replicated.endpoint().toString();
            var run = migrate("run", "--model", model.toString(), "--source", url, "--user", db.user(), "--endpoint", endpoint);
            assertEquals(0, run.code(), run.out() + run.err());
            Generator gen = new Generator(source, offset);
            Replicator first = new Replicator(new Replicator.Options(ModelLoader.load(model), url, db.user(), null, List.of(), ddb, Path.of(state),
                    "basalt_replicate", "basalt_replicate", 20, false));
            java.util.concurrent.atomic.AtomicReference<Exception> crashed = new java.util.concurrent.atomic.AtomicReference<>();
            Thread loop = new Thread(() -> {
                try {
                    first.run(s -> { });
                } catch (Exception e) {
                    crashed.set(e);
                }
            });
            loop.start();
            gen.runFor(3000);
            first.stop(); // mid-stream: the generator goes on below
            loop.join(30_000);
            if (crashed.get() != null) throw new AssertionError("replicate stopped", crashed.get());
            gen.runFor(1500);
            Replicator resumed = new Replicator(new Replicator.Options(ModelLoader.load(model), url, db.user(), null, List.of(), ddb, Path.of(state),
                    "basalt_replicate", "basalt_replicate", 20, false));
            ReplicateTypesIT.replicateWhile(resumed, () -> {
                gen.runFor(3000);
                return 0;
            });
            assertTrue(gen.changes > 100, "changes made: " + gen.changes);
            var verify = migrate("verify", "--model", model.toString(), "--source", url, "--user", db.user(), "--endpoint", endpoint, "--all");
            assertEquals(0, verify.code(), verify.out() + verify.err());
            var again = migrate("run", "--model", model.toString(), "--source", url, "--user", db.user(), "--endpoint", fresh.endpoint().toString());
            assertEquals(0, again.code(), again.out() + again.err());
            ReplicateTypesIT.assertSameItems(freshDdb, ddb, "Orders");
        }
    }

    /** Random changes to the shop, each its own transaction, some of several rows. */
    static final class Generator {
        private final Connection c;
        private final String offset;
        private final java.util.Random random = new java.util.Random(36);
        private int nextShipment = 1000, nextLine = 1000, nextEvent;
        long changes;

        Generator(Connection c, String offset) {
            this.c = c;
            this.offset = offset;
        }

        void runFor(long millis) throws Exception {
            long end = System.currentTimeMillis() + millis;
            while (System.currentTimeMillis() < end) {
                step();
                Thread.sleep(random.nextInt(5));
            }
        }

        private void step() throws Exception {
            int order = 1 + random.nextInt(20), other = 1 + random.nextInt(20), product = 1 + random.nextInt(10);
            int op = random.nextInt(100);
            if (op < 10) {
                update("INSERT INTO shipments VALUES (" + nextShipment++ + ", " + order + ", 'new')");
            } else if (op < 18) {
                update("DELETE FROM shipments WHERE shipment_id = (SELECT MIN(shipment_id) FROM (SELECT shipment_id FROM shipments WHERE order_id = "
                        + order + ") s)");
            } else if (op < 28) {
                update("UPDATE shipments SET order_id = " + other + " WHERE order_id = " + order + " AND shipment_id % 3 = " + random.nextInt(3));
            } else if (op < 36) {
                update("UPDATE shipments SET carrier = 'carrier " + random.nextInt(100) + "' WHERE order_id = " + order);
            } else if (op < 46) {
                update("INSERT INTO order_events VALUES (" + order + ", '2025-01-01 00:00:00." + String.format("%06d", nextEvent++) + offset + "', 'gen')");
            } else if (op < 52) {
                update("DELETE FROM order_events WHERE order_id = " + order + " AND what = 'gen'");
            } else if (op < 58) {
                update("UPDATE order_events SET what = 'seen " + random.nextInt(100) + "' WHERE order_id = " + order);
            } else if (op < 66) {
                update("UPDATE products SET name = 'product " + product + " v" + random.nextInt(1000) + "' WHERE product_id = " + product);
            } else if (op < 76) {
                update("INSERT INTO order_lines VALUES (" + order + ", " + nextLine++ + ", " + product + ", " + random.nextInt(9) + ")");
            } else if (op < 82) {
                update("UPDATE order_lines SET order_id = " + other + " WHERE order_id = " + order + " AND line_no % 4 = " + random.nextInt(4));
            } else if (op < 88) {
                update("UPDATE order_lines SET product_id = " + product + ", qty = qty + 1 WHERE order_id = " + order);
            } else if (op < 93) {
                update("DELETE FROM order_lines WHERE order_id = " + order + " AND line_no % 2 = 0");
            } else { // several tables in one transaction: an order's shipments and lines moved to another, its events dropped
                c.setAutoCommit(false);
                try {
                    update("UPDATE shipments SET order_id = " + other + " WHERE order_id = " + order);
                    update("UPDATE order_lines SET order_id = " + other + " WHERE order_id = " + order);
                    update("DELETE FROM order_events WHERE order_id = " + order);
                    c.commit();
                } catch (java.sql.SQLException e) {
                    c.rollback();
                } finally {
                    c.setAutoCommit(true);
                }
            }
        }

        private void update(String sql) throws Exception {
            try (Statement st = c.createStatement()) {
                changes += st.executeUpdate(sql);
            } catch (java.sql.SQLException e) {
                if (!c.getAutoCommit()) throw e;
                // a line moved onto a line number its new order has already: skipped
            }
        }
    }

    /** The shop database: 20 orders, 10 products, 60 order lines, 40 shipments, 60 events (no primary key), an audit log (no primary key). */
    private static String create(PrivateDatabase db, String timestampType, String offset) throws Exception {
        try (Connection c = db.connect(db.adminDatabase())) {
            exec(c, "CREATE DATABASE shop");
        }
        try (Connection c = db.connect("shop")) {
            exec(c, "CREATE TABLE orders (order_id BIGINT PRIMARY KEY, customer VARCHAR(100) NOT NULL)");
            exec(c, "CREATE TABLE products (product_id INT PRIMARY KEY, name VARCHAR(100) NOT NULL)");
            exec(c, "CREATE TABLE order_lines (order_id BIGINT NOT NULL, line_no INT NOT NULL, product_id INT NOT NULL, qty INT NOT NULL,"
                    + " PRIMARY KEY (order_id, line_no))");
            exec(c, "CREATE TABLE shipments (shipment_id INT PRIMARY KEY, order_id BIGINT NOT NULL, carrier VARCHAR(100) NOT NULL)");
            exec(c, "CREATE TABLE order_events (order_id BIGINT NOT NULL, at " + timestampType + " NOT NULL, what VARCHAR(100) NOT NULL)");
            exec(c, "CREATE TABLE audit_log (at " + timestampType + " NULL, line VARCHAR(100))"); // the application's, not the model's
            for (int i = 1; i <= 20; i++) exec(c, "INSERT INTO orders VALUES (" + i + ", 'customer " + i + "')");
            for (int i = 1; i <= 10; i++) exec(c, "INSERT INTO products VALUES (" + i + ", 'product " + i + "')");
            for (int i = 1; i <= 60; i++) exec(c, "INSERT INTO order_lines VALUES (" + (1 + i % 20) + ", " + i + ", " + (1 + i % 10) + ", " + i + ")");
            for (int i = 1; i <= 40; i++) exec(c, "INSERT INTO shipments VALUES (" + i + ", " + (1 + i % 20) + ", 'carrier " + i + "')");
            for (int i = 1; i <= 60; i++) {
                exec(c, "INSERT INTO order_events VALUES (" + (1 + i % 20) + ", '2024-01-01 00:" + String.format("%02d:%02d", i / 40, i * 3 / 2 % 60)
                        + (i % 2 == 0 ? "" : ".5") + offset + "', 'event " + i + "')");
            }
            exec(c, "INSERT INTO audit_log VALUES ('2024-01-01 00:00:00" + offset + "', 'one'), ('2024-01-01 00:00:00" + offset + "', 'two')");
        }
        return db.url() + "shop";
    }

    private static void replicateAndCompare(PrivateDatabase db, String url, Path model, String state, String laterTime) throws Exception {
        try (Basalt replicated = Basalt.start(BasaltConfig.inMemoryOnFreePort()); Basalt fresh = Basalt.start(BasaltConfig.inMemoryOnFreePort());
             DynamoDbClient ddb = MigrateRunIT.client(replicated); DynamoDbClient freshDdb = MigrateRunIT.client(fresh)) {
            var run = migrate("run", "--model", model.toString(), "--source", url, "--user", db.user(), "--endpoint", replicated.endpoint().toString());
            assertEquals(0, run.code(), run.out() + run.err());
            Replicator r = new Replicator(new Replicator.Options(ModelLoader.load(model), url, db.user(), null, List.of(), ddb, Path.of(state),
                    "basalt_replicate", "basalt_replicate", 20, false));
            ReplicateTypesIT.replicateWhile(r, () -> {
                try (Connection c = db.connect("shop")) {
                    exec(c, "DELETE FROM shipments WHERE shipment_id IN (1, 2, 3)");
                    exec(c, "UPDATE shipments SET order_id = 20 WHERE shipment_id IN (4, 5)"); // moved to another order
                    exec(c, "UPDATE shipments SET order_id = 19, carrier = 'moved' WHERE shipment_id = 6");
                    exec(c, "INSERT INTO shipments VALUES (100, 7, 'new')");
                    exec(c, "DELETE FROM order_events WHERE order_id = 3");
                    exec(c, "UPDATE order_events SET what = 'changed' WHERE order_id = 4");
                    exec(c, "UPDATE order_events SET at = " + laterTime + " WHERE order_id = 5"); // a new sort key
                    exec(c, "UPDATE products SET name = 'renamed product' WHERE product_id = 3"); // copied into its order lines
                    exec(c, "UPDATE order_lines SET order_id = 9 WHERE order_id = 8 AND line_no = 7"); // a line moved to another order
                    c.setAutoCommit(false);
                    exec(c, "UPDATE shipments SET order_id = 1 WHERE order_id = 2");
                    exec(c, "DELETE FROM order_events WHERE order_id = 2");
                    exec(c, "DELETE FROM order_lines WHERE order_id = 2");
                    exec(c, "DELETE FROM orders WHERE order_id = 2");
                    exec(c, "UPDATE products SET name = 'renamed again' WHERE product_id = 4");
                    c.commit();
                }
                return 0;
            });
            var again = migrate("run", "--model", model.toString(), "--source", url, "--user", db.user(), "--endpoint", fresh.endpoint().toString());
            assertEquals(0, again.code(), again.out() + again.err());
            Map<String, ?> items = ReplicateTypesIT.assertSameItems(freshDdb, ddb, "Orders");
            try (Connection c = db.connect("shop")) {
                assertEquals(count(c, "SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM shipments) + (SELECT count(*) FROM order_events)"
                        + " + (SELECT count(*) FROM order_lines)"), items.size());
                assertEquals(count(c, "SELECT count(*) FROM order_lines WHERE product_id = 3"),
                        items.values().stream().filter(i -> i.toString().contains("renamed product")).count());
            }
        }
    }

    private static long count(Connection c, String sql) throws Exception {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<String> strings(Connection c, String sql) throws Exception {
        List<String> l = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) l.add(rs.getString(1));
        }
        return l;
    }

    private static Map<String, String> identities(Connection c) throws Exception {
        Map<String, String> m = new TreeMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT relname, relreplident FROM pg_class WHERE relname IN ('orders', 'shipments', 'order_events')")) {
            while (rs.next()) m.put(rs.getString(1), rs.getString(2));
        }
        return m;
    }
}
