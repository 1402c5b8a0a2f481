package io.basalt.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * A local Apache Cassandra cluster for trying the Cassandra engine and for tests: node K listens on
 * 127.0.0.K, keeps everything under {@code DIR/nodeK}, and runs from the Maven Central jars of
 * cassandra-all (fetched once into a cache by Maven, the way a DynamoDB Local install is). No JMX
 * (no port to collide on), a small heap, AllowAllAuthenticator. The cluster's shape (nodes, ports)
 * is kept in {@code DIR/cluster.properties}, so status, stop and restart need only the directory.
 */
public final class CassandraCluster {
    public static final String VERSION = "5.0.5";
    public static final int DEFAULT_NATIVE_PORT = 9042;
    public static final int DEFAULT_STORAGE_PORT = 7000;
    /** Heap per node, and what a node needs in all (heap, off-heap, metaspace, thread stacks). */
    private static final String HEAP = "512m";
    private static final long NODE_MEMORY_BYTES = 900L << 20;

    private final Path dir;
    private final PrintStream out;
    private int nodes = 1;
    private int nativePort = DEFAULT_NATIVE_PORT;
    private int storagePort = DEFAULT_STORAGE_PORT;

    public CassandraCluster(Path dir, PrintStream out) {
        this.dir = dir.toAbsolutePath().normalize();
        this.out = out;
    }

    /** A failure whose message tells the user what to do. */
    public static final class ClusterException extends RuntimeException {
        public ClusterException(String message) {
            super(message);
        }
    }

    public Path dir() {
        return dir;
    }

    public int nativePort() {
        return nativePort;
    }

    public static String address(int node) {
        return "127.0.0." + node;
    }

    /** The contact points of every node, HOST:PORT comma-separated (what --cassandra-contact-points takes). */
    public String contactPoints() {
        List<String> cps = new ArrayList<>();
        for (int k = 1; k <= nodes; k++) cps.add(address(k) + ":" + nativePort);
        return String.join(",", cps);
    }

    // ------------------------------------------------------------------ start

    /** Configures (first time) and starts every node that is not running, one after another. */
    public void start(int nodeCount, int nativePort, int storagePort) {
        boolean known = loadShape();
        if (!known) {
            this.nodes = nodeCount;
            this.nativePort = nativePort;
            this.storagePort = storagePort;
        } else if (nodeCount > nodes) {
            this.nodes = nodeCount; // growing a cluster: new nodes join through the seed
        }
        checkAddresses();
        Path lib = install();
        Path java = cassandraJava();
        long needed = 0;
        for (int k = 1; k <= nodes; k++) if (pid(k).isEmpty()) needed += NODE_MEMORY_BYTES;
        checkMemory(needed);
        saveShape();
        for (int k = 1; k <= nodes; k++) {
            if (pid(k).isPresent()) {
                out.println("node " + k + " (" + address(k) + ") already running");
                continue;
            }
            launch(k, lib, java);
        }
        out.println("Cassandra " + VERSION + " is up: --cassandra-contact-points " + contactPoints());
    }

    /** Starts one node of a configured cluster again (after stop --node K or a crash). */
    public void startNode(int k) {
        if (!loadShape()) throw new ClusterException("no cluster in " + dir + ": run ./basalt cassandra start first");
        if (k < 1 || k > nodes) throw new ClusterException("the cluster in " + dir + " has nodes 1.." + nodes + ", not " + k);
        if (pid(k).isPresent()) {
            out.println("node " + k + " (" + address(k) + ") already running");
            return;
        }
        checkMemory(NODE_MEMORY_BYTES);
        launch(k, install(), cassandraJava());
    }

    private void launch(int k, Path lib, Path java) {
        Path node = dir.resolve("node" + k);
        try {
            writeConfig(k, node);
            List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xms" + HEAP, "-Xmx" + HEAP, "-Xmn128m",
                    "-Xss256k", "-XX:+UseG1GC", "-XX:+HeapDumpOnOutOfMemoryError",
                    "-XX:HeapDumpPath=" + node.resolve("logs"),
                    "-Djdk.attach.allowAttachSelf=true", "-Djava.net.preferIPv4Stack=true",
                    "-javaagent:" + jar(lib, "jamm-"),
                    "-Dcassandra.config=" + node.resolve("cassandra.yaml").toUri(),
                    "-Dcassandra.storagedir=" + node.resolve("data"),
                    "-Dcassandra.logdir=" + node.resolve("logs"),
                    "-Dlogback.configurationFile=" + node.resolve("logback.xml"),
                    "-Dcassandra-foreground=yes",
                    // a fresh local cluster has nothing to gossip about or stream: do not wait for it
                    "-Dcassandra.skip_wait_for_gossip_to_settle=0", "-Dcassandra.ring_delay_ms=3000",
                    "-Dcassandra.superuser_setup_delay_ms=0"));
            cmd.addAll(JDK17_FLAGS);
            cmd.addAll(List.of("-cp", lib + "/*", "org.apache.cassandra.service.CassandraDaemon"));
            Files.createDirectories(node.resolve("logs"));
            Process p = new ProcessBuilder(cmd).directory(node.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(node.resolve("logs/stdout.log").toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            Files.writeString(node.resolve("pid"), Long.toString(p.pid()));
            out.println("node " + k + ": starting on " + address(k) + " (pid " + p.pid() + ", log " + node.resolve("logs/system.log") + ")");
            waitUntilServing(k, p, node);
        } catch (IOException e) {
            throw new ClusterException("cannot start node " + k + ": " + e.getMessage());
        }
    }

    /** The native protocol port opens only once the node has joined the ring (NORMAL). */
    private void waitUntilServing(int k, Process p, Path node) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                throw new ClusterException("node " + k + " exited with code " + p.exitValue() + "; last lines of "
                        + node.resolve("logs/stdout.log") + ":\n" + tail(node.resolve("logs/stdout.log"), 25));
            }
            if (listening(address(k), nativePort)) {
                out.println("node " + k + ": up and normal, CQL on " + address(k) + ":" + nativePort);
                return;
            }
            sleep(500);
        }
        p.destroy();
        throw new ClusterException("node " + k + " did not open " + address(k) + ":" + nativePort + " within 240 s; see "
                + node.resolve("logs/system.log"));
    }

    // ------------------------------------------------------------------ status and stop

    /** One line per node: address, pid, whether it serves CQL. Returns whether every node serves. */
    public boolean status() {
        if (!loadShape()) {
            out.println("no cluster in " + dir);
            return false;
        }
        int up = 0;
        for (int k = 1; k <= nodes; k++) {
            Optional<ProcessHandle> pid = pid(k);
            boolean serving = pid.isPresent() && listening(address(k), nativePort);
            if (serving) up++;
            out.println("node " + k + "  " + address(k) + ":" + nativePort + "  "
                    + (pid.isEmpty() ? "DOWN (not running)" : serving ? "UP (pid " + pid.get().pid() + ")" : "STARTING (pid " + pid.get().pid() + ")"));
        }
        out.println(up + " of " + nodes + " nodes up; contact points " + contactPoints());
        return up == nodes;
    }

    /** Stops node {@code only}, or every node when {@code only} is 0. */
    public void stop(int only) {
        if (!loadShape()) {
            out.println("no cluster in " + dir);
            return;
        }
        for (int k = 1; k <= nodes; k++) {
            if (only != 0 && k != only) continue;
            Optional<ProcessHandle> ph = pid(k);
            if (ph.isEmpty()) {
                out.println("node " + k + " is not running");
                continue;
            }
            ph.get().destroy();
            try {
                ph.get().onExit().get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                ph.get().destroyForcibly();
            }
            out.println("node " + k + " (" + address(k) + ") stopped");
        }
    }

    /** The running process of node k, if its pid file names a live Cassandra. */
    private Optional<ProcessHandle> pid(int k) {
        Path f = dir.resolve("node" + k).resolve("pid");
        try {
            if (!Files.exists(f)) return Optional.empty();
            return ProcessHandle.of(Long.parseLong(Files.readString(f).trim())).filter(ProcessHandle::isAlive)
                    .filter(ph -> ph.info().commandLine().map(c -> c.contains("CassandraDaemon")).orElse(true));
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    // ------------------------------------------------------------------ checks

    private void checkAddresses() {
        for (int k = 1; k <= nodes; k++) {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress(InetAddress.getByName(address(k)), 0));
            } catch (IOException e) {
                throw new ClusterException(address(k) + " is not a local address (" + e.getMessage() + "). Add loopback aliases:\n"
                        + "  Linux:  sudo ip addr add " + address(k) + "/8 dev lo\n"
                        + "  macOS:  sudo ifconfig lo0 alias " + address(k) + " up");
            }
            if (pid(k).isEmpty() && listening(address(k), nativePort)) {
                throw new ClusterException(address(k) + ":" + nativePort + " is already in use by another program; "
                        + "choose another port with --native-port");
            }
        }
    }

    private static void checkMemory(long needed) {
        if (needed == 0) return;
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith("MemAvailable:")) {
                    long kb = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    if (kb * 1024 < needed) {
                        throw new ClusterException("not enough memory: the nodes to start need about " + (needed >> 20)
                                + " MB, " + (kb >> 10) + " MB are available; start fewer nodes (--nodes) or free memory");
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            // no /proc/meminfo (macOS): the nodes' own start-up will tell
        }
    }

    static boolean listening(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    // ------------------------------------------------------------------ installation

    /** Cassandra's jars, resolved by Maven into the cache once. */
    Path install() {
        Path cache = cacheDir();
        Path lib = cache.resolve(VERSION).resolve("lib");
        if (Files.exists(lib.resolve("cassandra-all-" + VERSION + ".jar"))) return lib;
        try {
            Files.createDirectories(lib.getParent());
            Path pom = lib.getParent().resolve("pom.xml");
            Files.writeString(pom, """
                    <project xmlns="http://maven.apache.org/POM/4.0.0">
                      <modelVersion>4.0.0</modelVersion>
                      <groupId>local.basalt</groupId><artifactId>cassandra-install</artifactId><version>1</version>
                      <packaging>pom</packaging>
                      <dependencies>
                        <dependency><groupId>org.apache.cassandra</groupId><artifactId>cassandra-all</artifactId><version>%s</version></dependency>
                      </dependencies>
                    </project>
                    """.formatted(VERSION));
            out.println("installing Apache Cassandra " + VERSION + " from Maven Central into " + lib + " (once)...");
            Process p = new ProcessBuilder("mvn", "-q", "-B", "-f", pom.toString(), "-Dmaven.repo.local=" + cache.resolve("m2"),
                    "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies", "-DoutputDirectory=" + lib)
                    .inheritIO().start();
            if (p.waitFor() != 0 || !Files.exists(lib.resolve("cassandra-all-" + VERSION + ".jar"))) {
                throw new ClusterException("Maven could not fetch cassandra-all " + VERSION + " (see its output above)");
            }
            return lib;
        } catch (IOException e) {
            throw new ClusterException("cannot install Cassandra: " + e.getMessage() + " (is Maven installed? apt-get install maven)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted while installing Cassandra");
        }
    }

    private static Path cacheDir() {
        String env = System.getenv("BASALT_CASSANDRA_CACHE");
        return env != null ? Path.of(env) : Path.of(System.getProperty("user.home"), ".cache", "basalt-cassandra");
    }

    private static String jar(Path lib, String prefix) throws IOException {
        try (var files = Files.list(lib)) {
            return files.filter(f -> f.getFileName().toString().startsWith(prefix)).findFirst()
                    .orElseThrow(() -> new ClusterException("no " + prefix + "*.jar in " + lib)).toString();
        }
    }

    /** Cassandra 5.0 runs on Java 11 or 17: $CASSANDRA_JAVA_HOME, else a JDK 17/11 among the usual places. */
    static Path cassandraJava() {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("CASSANDRA_JAVA_HOME");
        if (env != null) candidates.add(Path.of(env));
        for (String root : List.of("/usr/lib/jvm", "/opt/java", "/Library/Java/JavaVirtualMachines")) {
            try (var ds = Files.list(Path.of(root))) {
                ds.sorted().forEach(d -> candidates.add(Files.isDirectory(d.resolve("Contents/Home")) ? d.resolve("Contents/Home") : d));
            } catch (IOException e) {
                // no such place
            }
        }
        for (Path home : candidates) {
            Path java = home.resolve("bin/java");
            String v = javaVersion(home);
            if (Files.isExecutable(java) && (v.startsWith("17") || v.startsWith("11"))) return java;
        }
        throw new ClusterException("Cassandra " + VERSION + " needs Java 17 (or 11), and none was found; install one "
                + "(Debian/Ubuntu: apt-get install openjdk-17-jre-headless) or point CASSANDRA_JAVA_HOME at it");
    }

    private static String javaVersion(Path home) {
        try {
            for (String line : Files.readAllLines(home.resolve("release"))) {
                if (line.startsWith("JAVA_VERSION=")) return line.substring(13).replace("\"", "");
            }
        } catch (IOException e) {
            // not a JDK with a release file
        }
        return "";
    }

    // ------------------------------------------------------------------ configuration

    private void writeConfig(int k, Path node) throws IOException {
        for (String d : List.of("data", "commitlog", "saved_caches", "hints", "cdc_raw", "logs")) {
            Files.createDirectories(node.resolve(d));
        }
        Files.writeString(node.resolve("cassandra.yaml"), """
                cluster_name: basalt
                num_tokens: 16
                partitioner: org.apache.cassandra.dht.Murmur3Partitioner
                auto_bootstrap: false
                data_file_directories: [%1$s/data]
                commitlog_directory: %1$s/commitlog
                saved_caches_directory: %1$s/saved_caches
                hints_directory: %1$s/hints
                cdc_raw_directory: %1$s/cdc_raw
                commitlog_sync: periodic
                commitlog_sync_period: 10000ms
                seed_provider:
                  - class_name: org.apache.cassandra.locator.SimpleSeedProvider
                    parameters:
                      - seeds: "127.0.0.1:%4$d"
                listen_address: %2$s
                rpc_address: %2$s
                storage_port: %4$d
                native_transport_port: %3$d
                start_native_transport: true
                endpoint_snitch: SimpleSnitch
                authenticator: AllowAllAuthenticator
                authorizer: AllowAllAuthorizer
                role_manager: CassandraRoleManager
                paxos_variant: v2
                concurrent_reads: 8
                concurrent_writes: 8
                concurrent_counter_writes: 4
                concurrent_compactors: 1
                memtable_heap_space: 64MiB
                memtable_offheap_space: 64MiB
                key_cache_size: 8MiB
                file_cache_size: 32MiB
                """.formatted(node, address(k), nativePort, storagePort));
        Files.writeString(node.resolve("logback.xml"), """
                <configuration>
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>%s/logs/system.log</file>
                    <encoder><pattern>%%-5level [%%thread] %%date{ISO8601} %%F:%%L - %%msg%%n</pattern></encoder>
                  </appender>
                  <root level="INFO"><appender-ref ref="FILE"/></root>
                </configuration>
                """.formatted(node));
    }

    private boolean loadShape() {
        Path f = dir.resolve("cluster.properties");
        if (!Files.exists(f)) return false;
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(f)) {
            p.load(r);
        } catch (IOException e) {
            throw new ClusterException("cannot read " + f + ": " + e.getMessage());
        }
        nodes = Integer.parseInt(p.getProperty("nodes", "1"));
        nativePort = Integer.parseInt(p.getProperty("native_port", Integer.toString(DEFAULT_NATIVE_PORT)));
        storagePort = Integer.parseInt(p.getProperty("storage_port", Integer.toString(DEFAULT_STORAGE_PORT)));
        return true;
    }

    private void saveShape() {
        Properties p = new Properties();
        p.setProperty("nodes", Integer.toString(nodes));
        p.setProperty("native_port", Integer.toString(nativePort));
        p.setProperty("storage_port", Integer.toString(storagePort));
        p.setProperty("version", VERSION);
        try {
            Files.createDirectories(dir);
            try (Writer w = Files.newBufferedWriter(dir.resolve("cluster.properties"))) {
                p.store(w, "Basalt's local Cassandra cluster (./basalt cassandra)");
            }
        } catch (IOException e) {
            throw new ClusterException("cannot write " + dir + ": " + e.getMessage());
        }
    }

    private static String tail(Path f, int lines) {
        try {
            List<String> all = Files.readAllLines(f);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ClusterException("interrupted");
        }
    }

    /** Cassandra's own JVM options for Java 17 (its conf/jvm17-server.options): module access it needs. */
    private static final List<String> JDK17_FLAGS = List.of(
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-exports", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-exports", "java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports", "java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports", "java.sql/java.sql=ALL-UNNAMED",
            "--add-exports", "java.base/java.lang.ref=ALL-UNNAMED",
            "--add-exports", "jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens", "java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens", "jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens", "java.base/java.io=ALL-UNNAMED",
            "--add-opens", "java.base/java.nio=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens", "java.base/java.util=ALL-UNNAMED",
            "--add-opens", "java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang=ALL-UNNAMED",
            "--add-opens", "java.base/java.math=ALL-UNNAMED",
            "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens", "java.base/java.net=ALL-UNNAMED");
}
