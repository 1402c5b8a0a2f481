package io.basalt.it;

import io.basalt.cli.CassandraCluster;
import io.basalt.storage.cassandra.CassandraSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Assumptions;

/**
 * One single-node Cassandra for every {@link OnCassandra} test class of a JVM, started on first use
 * by the project's own cluster manager in target/cassandra-test on free ports (native 19042 and up),
 * stopped when the JVM exits. Each test class gets a keyspace of its own, dropped when the next
 * class asks for one (test classes of a JVM run one after the other): a single small node holds a
 * few dozen keyspaces at most (each table costs it heap; about 55 keyspaces of 5 tables ran its
 * 512 MB out of memory), and with BASALT_CASSANDRA=all about 80 classes run.
 */
public final class CassandraForTests {
    private static final AtomicInteger KEYSPACES = new AtomicInteger();
    private static CassandraCluster cluster;
    private static String failure;
    /** The class whose keyspaces are in use, and those keyspaces. */
    private static Class<?> current;
    private static final List<String> inUse = new java.util.ArrayList<>();

    private CassandraForTests() {}

    /** Skips the calling class when Cassandra tests are off, or when the cluster could not start. */
    public static synchronized CassandraSettings settings(Class<?> testClass) {
        String mode = System.getenv().getOrDefault("BASALT_CASSANDRA", "on");
        Assumptions.assumeFalse(mode.equals("off"), "BASALT_CASSANDRA=off: Cassandra engine tests skipped");
        OnCassandra on = testClass.getAnnotation(OnCassandra.class);
        Assumptions.assumeTrue(on == null || !on.extended() || mode.equals("all"),
                "extended Cassandra engine test: runs with BASALT_CASSANDRA=all");
        // CASSANDRA_FOR_TESTS: a Cassandra already running (developing: no start per run)
        String given = System.getenv("CASSANDRA_FOR_TESTS");
        if (given == null && cluster == null && failure == null) start();
        Assumptions.assumeTrue(given != null || failure == null, () -> "no test Cassandra: " + failure);
        List<InetSocketAddress> cps = CassandraSettings.parseContactPoints(given != null ? given : cluster.contactPoints());
        if (testClass != current) {
            dropKeyspaces(cps);
            current = testClass;
        }
        String keyspace = "it" + ProcessHandle.current().pid() + "_" + KEYSPACES.incrementAndGet();
        inUse.add(keyspace);
        return new CassandraSettings(cps, keyspace, 1, CassandraSettings.DEFAULT_LOCAL_DC);
    }

    /** Drops the keyspaces of the class before (its servers are closed by now); one that fails to drop is left. */
    private static void dropKeyspaces(List<InetSocketAddress> cps) {
        if (inUse.isEmpty()) return;
        var timeout = com.datastax.oss.driver.api.core.config.DriverConfigLoader.programmaticBuilder()
                .withDuration(com.datastax.oss.driver.api.core.config.DefaultDriverOption.REQUEST_TIMEOUT, java.time.Duration.ofSeconds(60))
                .build();
        try (com.datastax.oss.driver.api.core.CqlSession cql = com.datastax.oss.driver.api.core.CqlSession.builder()
                .addContactPoints(cps).withLocalDatacenter(CassandraSettings.DEFAULT_LOCAL_DC).withConfigLoader(timeout).build()) {
            for (String k : inUse) cql.execute("DROP KEYSPACE IF EXISTS " + k);
        } catch (RuntimeException e) {
            System.err.println("CassandraForTests: keyspaces " + inUse + " not dropped: " + e);
        }
        inUse.clear();
    }

    /** The configuration of each Basalt node of a multi-node test class: its own keyspace, shared by the nodes. */
    static io.basalt.BasaltConfig nodes(Class<?> testClass) {
        return io.basalt.BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings(testClass));
    }

    /**
     * The options of {@code basalt serve} (a {@link ServerProcess}) for a node of {@code testClass} on the
     * test Cassandra, in a keyspace of its own shared by every process started with them.
     */
    static String[] serveOptions(Class<?> testClass) {
        CassandraSettings s = settings(testClass);
        String points = String.join(",", s.contactPoints().stream().map(a -> a.getHostString() + ":" + a.getPort()).toList());
        return new String[] {"--storage", "cassandra", "--cassandra-contact-points", points, "--cassandra-keyspace", s.keyspace()};
    }

    /** Closes clients and nodes of a multi-node test, each even when another fails to close (nulls skipped). */
    static void closeAll(AutoCloseable... all) {
        for (AutoCloseable c : all) {
            try {
                if (c != null) c.close();
            } catch (Exception ignored) {
                // closing anyway
            }
        }
    }

    private static void start() {
        Path dir = Path.of("target", "cassandra-test");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CassandraCluster c = new CassandraCluster(dir, new PrintStream(log, true, StandardCharsets.UTF_8));
        try {
            c.stop(0); // a node left by a killed JVM
            ServerTestBase.deleteTree(dir);
            c.start(1, freePort(19042), freePort(17000));
            cluster = c;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> c.stop(0)));
        } catch (Exception e) {
            failure = e.getMessage() + "\n" + log.toString(StandardCharsets.UTF_8);
            System.err.println("CassandraForTests: " + failure);
        }
    }

    private static int freePort(int from) {
        for (int p = from; p < from + 100; p++) {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress("127.0.0.1", p));
                return p;
            } catch (java.io.IOException e) {
                // taken: next
            }
        }
        throw new IllegalStateException("no free port in " + from + ".." + (from + 99));
    }
}
