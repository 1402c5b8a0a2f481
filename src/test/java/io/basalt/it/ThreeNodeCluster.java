package io.basalt.it;

import io.basalt.cli.CassandraCluster;
import io.basalt.storage.cassandra.CassandraSettings;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * A fresh 3-node Cassandra cluster in {@code target/NAME} for the opt-in 3-node tests
 * (BASALT_CASSANDRA_FAULTS=1), and the {@code serve} options of a keyspace on it with replication 3.
 * Ports: {@code -DNAME.nativePort}, {@code -DNAME.storagePort} (every node uses them on its own address).
 */
record ThreeNodeCluster(Path dir, CassandraCluster cluster, String keyspace, String[] serve) {

    /** Skips the test without BASALT_CASSANDRA_FAULTS=1; otherwise starts the cluster from scratch. */
    static ThreeNodeCluster start(String name, String keyspace, int nativePort, int storagePort, String what) throws java.io.IOException {
        Assumptions.assumeTrue("1".equals(System.getenv("BASALT_CASSANDRA_FAULTS")), what + ": runs with BASALT_CASSANDRA_FAULTS=1");
        Path dir = Path.of("target", "cassandra-" + name);
        CassandraCluster cluster = new CassandraCluster(dir, new PrintStream(System.out, true, StandardCharsets.UTF_8));
        cluster.stop(0);
        ServerTestBase.deleteTree(dir);
        cluster.start(3, Integer.getInteger(name + ".nativePort", nativePort), Integer.getInteger(name + ".storagePort", storagePort));
        String[] serve = {"--storage", "cassandra", "--cassandra-contact-points", cluster.contactPoints(),
                "--cassandra-replication", "3", "--cassandra-keyspace", keyspace};
        return new ThreeNodeCluster(dir, cluster, keyspace, serve);
    }

    /** Settings for a store of the test's own on the keyspace (counting what is left, not applying it). */
    CassandraSettings settings() {
        return new CassandraSettings(CassandraSettings.parseContactPoints(cluster.contactPoints()), keyspace, 3, CassandraSettings.DEFAULT_LOCAL_DC);
    }
}
