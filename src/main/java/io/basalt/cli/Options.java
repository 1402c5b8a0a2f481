package io.basalt.cli;

import io.basalt.BasaltConfig;
import io.basalt.engine.capacity.CapacityMode;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The server's settings from, in increasing precedence: defaults, a config file (properties),
 * environment variables (BASALT_*), command-line flags. One table describes every option so the
 * parser, the environment mapping and --help cannot disagree.
 */
final class Options {
    /** A bad option; the message is shown to the user, exit code 2. */
    static final class UsageError extends Exception {
        UsageError(String message) {
            super(message);
        }
    }

    record Option(String name, String valueName, String help, boolean flag) {
        String env() {
            return "BASALT_" + name.replace('-', '_').toUpperCase();
        }
    }

    static final List<Option> OPTIONS = List.of(
            new Option("port", "PORT", "TCP port (default 8000; 0 = any free port, printed at start-up; none = no plain HTTP, TLS only)", false),
            new Option("host", "HOST", "interface to listen on (default 127.0.0.1; 0.0.0.0 opens it to the network)", false),
            new Option("data-dir", "DIR", "where data is kept on disk (default ./basalt-data)", false),
            new Option("export-root", "DIR", "where ExportTableToPointInTime writes: S3 bucket B is the directory DIR/B", false),
            new Option("s3-endpoint", "URL", "exports and imports go to this S3-compatible endpoint (path-style; credentials from the AWS default chain)", false),
            new Option("s3-region", "REGION", "region of --s3-endpoint's requests (default us-east-1)", false),
            new Option("in-memory", null, "keep everything in memory; nothing survives a restart", true),
            new Option("storage", "ENGINE", "rocksdb (default), memory (as --in-memory) or cassandra (an Apache Cassandra cluster; docs/scale-out.md)", false),
            new Option("cassandra-contact-points", "HOST:PORT,...", "Cassandra nodes to connect to (with --storage cassandra)", false),
            new Option("cassandra-keyspace", "NAME", "keyspace to keep the data in, created when missing (default basalt)", false),
            new Option("cassandra-replication", "N", "replicas per row when the keyspace is created (default 1)", false),
            new Option("cassandra-local-dc", "DC", "the Cassandra datacenter this node talks to (default datacenter1)", false),
            new Option("log-level", "LEVEL", "error, warn, info (default), debug or trace", false),
            new Option("cache-mb", "MB", "RocksDB block cache size (default " + BasaltConfig.DEFAULT_CACHE_MB + ")", false),
            new Option("workers", "N", "request worker threads (default 64)", false),
            new Option("ttl-sweep-ms", "MS", "how often expired TTL items are deleted (default 1000)", false),
            new Option("stream-shard-rollover-ms", "MS", "how long a stream shard stays open before a child shard replaces it (default 14400000 = 4 h, as the service)", false),
            new Option("status-delay-ms", "MS", "how long streams and TTL stay ENABLING/DISABLING after a change (default 0: at once)", false),
            new Option("ttl-change-interval-s", "S", "minimum seconds between two TTL changes of a table (default 0: no limit; the service: 3600)", false),
            new Option("capacity", "MODE", "enforce (throttle like the service), report (default: meter, never throttle) or off", false),
            new Option("capacity-time-rules", null, "apply UpdateTable's decrease budget (4 throughput decreases a UTC day, then one an hour; per table and GSI)", true),
            new Option("admin-port", "PORT", "admin HTTP port: Prometheus /metrics, /partitions JSON, /tables, console (default: none; 0 = any free port; with an auth file it asks for credentials)", false),
            new Option("auth-file", "FILE", "credentials file (accounts, users, keys, policies); signatures are then verified (see docs/security.md)", false),
            new Option("auth", "MODE", "verify (default with --auth-file), any (any well-formed signature; default on a loopback host without a file) or none-i-know (any signature, on a network address)", false),
            new Option("tls-cert", "FILE", "PEM certificate (chain) to serve HTTPS with (with --tls-key)", false),
            new Option("tls-key", "FILE", "PEM private key of the certificate, PKCS#8 unencrypted ('BEGIN PRIVATE KEY')", false),
            new Option("tls-port", "PORT", "HTTPS port when a certificate is given (default " + BasaltConfig.DEFAULT_TLS_PORT + "; 0 = any free port)", false),
            new Option("max-connections", "N", "open connections per endpoint; more get 503 (default: 10000 or half the file descriptor limit)", false),
            new Option("max-connections-per-source", "N", "open connections per endpoint from one address; more get 503 (default: half of --max-connections)", false),
            new Option("header-timeout-ms", "MS", "a new connection must send its request headers within this time, else it is closed (default 5000)", false),
            new Option("body-timeout-ms", "MS", "a request body pausing this long gets 408 and its connection is closed (default 10000)", false),
            new Option("admin-host", "HOST", "interface of the admin port (default 127.0.0.1, whatever --host says)", false),
            new Option("allowed-host", "NAMES", "on a loopback port, Host header names accepted besides localhost, 127.0.0.1, [::1] (comma-separated)", false),
            new Option("cors", "ORIGINS", "origins whose web pages may call the API: * (default, as DynamoDB Local), none, or comma-separated origins", false),
            new Option("access-log", "FILE", "append one JSON line per request: time, caller, operation, resources, status, latency", false),
            new Option("regions", "separate|shared", "separate (default): tables per account and region, as in the service; shared: one set of tables for every region", false),
            new Option("region", "R", "the home region: with separate regions, the region of the tables of a store written before regions were kept apart (default us-east-1)", false),
            new Option("inline-reads", "on|off", "network threads answer reads memory can serve, before the worker pool (default on; off for comparisons)", false),
            new Option("inline-disk-reads", "on|off", "network threads may read table files while those reads are fast (default on)", false),
            new Option("large-read-slots", "N", "large responses (pages, batch answers past 64 KB) built at once (default: 2 x processors, at least 4)", false),
            new Option("group-commit", "on|off", "concurrent writers share one synced write (default on; off leaves grouping to RocksDB)", false),
            new Option("stream-retention-seconds", "S", "how long stream records stay readable (default 86400, as the service)", false),
            new Option("item-collection-limit-bytes", "B", "item collection size limit of tables with LSIs (default 10 GB, as the service)", false),
            new Option("leak-detection", "LEVEL", "Netty buffer leak detection: disabled (default), simple, advanced, paranoid", false),
            new Option("config", "FILE", "read settings from a properties file (keys as the long options, e.g. port=8001)", false));

    private Options() {}

    static BasaltConfig parse(List<String> args, Map<String, String> env) throws UsageError {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--")) throw new UsageError("unexpected argument: " + a);
            String name = a.substring(2);
            String value = null;
            int eq = name.indexOf('=');
            if (eq >= 0) {
                value = name.substring(eq + 1);
                name = name.substring(0, eq);
            }
            Option o = find(name);
            if (o == null) throw new UsageError("unknown option: --" + name);
            if (o.flag()) {
                flags.put(name, value == null ? "true" : value);
            } else {
                if (value == null) {
                    if (i + 1 >= args.size()) throw new UsageError("option --" + name + " needs a value (" + o.valueName() + ")");
                    value = args.get(++i);
                }
                flags.put(name, value);
            }
        }
        String configFile = flags.getOrDefault("config", env.get("BASALT_CONFIG"));
        if (configFile != null) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(Path.of(configFile))) {
                p.load(r);
            } catch (IOException e) {
                throw new UsageError("cannot read config file " + configFile + ": " + e.getMessage());
            }
            for (String k : p.stringPropertyNames()) {
                if (find(k) == null || k.equals("config")) throw new UsageError("unknown setting in " + configFile + ": " + k);
                values.put(k, p.getProperty(k).trim());
            }
        }
        for (Option o : OPTIONS) {
            String v = env.get(o.env());
            if (v != null && !o.name().equals("config")) values.put(o.name(), v);
        }
        values.putAll(flags);
        values.remove("config");
        return toConfig(values);
    }

    private static Option find(String name) {
        for (Option o : OPTIONS) if (o.name().equals(name)) return o;
        return null;
    }

    private static BasaltConfig toConfig(Map<String, String> v) throws UsageError {
        BasaltConfig c = BasaltConfig.defaults();
        if (v.containsKey("port")) {
            c = c.withPort(v.get("port").trim().equals("none") ? BasaltConfig.NO_PORT : intIn(v.get("port"), "port", 0, 65535));
        }
        if (v.containsKey("tls-cert") || v.containsKey("tls-key") || v.containsKey("tls-port")) {
            c = c.withTls(v.containsKey("tls-port") ? intIn(v.get("tls-port"), "tls-port", 0, 65535) : c.tlsPort(),
                    v.containsKey("tls-cert") ? Path.of(v.get("tls-cert")) : null, v.containsKey("tls-key") ? Path.of(v.get("tls-key")) : null);
        }
        if (v.containsKey("host")) c = c.withHost(v.get("host"));
        if (v.containsKey("data-dir")) c = c.withDataDir(Path.of(v.get("data-dir")));
        if (v.containsKey("export-root")) c = c.withExportRoot(Path.of(v.get("export-root")));
        if (v.containsKey("s3-endpoint") || v.containsKey("s3-region")) {
            if (!v.containsKey("s3-endpoint")) throw new UsageError("--s3-region needs --s3-endpoint");
            c = c.withS3(v.get("s3-endpoint"), v.get("s3-region"));
        }
        if (v.containsKey("in-memory")) c = c.withInMemory(bool(v.get("in-memory"), "in-memory"));
        c = storage(c, v);
        if (v.containsKey("cache-mb")) c = c.withCacheMb(intIn(v.get("cache-mb"), "cache-mb", 8, 1 << 20));
        if (v.containsKey("workers")) c = c.withWorkerThreads(intIn(v.get("workers"), "workers", 1, 4096));
        if (v.containsKey("ttl-sweep-ms")) c = c.withTtlSweepMillis(intIn(v.get("ttl-sweep-ms"), "ttl-sweep-ms", 10, 86_400_000));
        if (v.containsKey("stream-shard-rollover-ms")) {
            c = c.withTimes(c.times().withShardRolloverMillis(intIn(v.get("stream-shard-rollover-ms"), "stream-shard-rollover-ms", 100, Integer.MAX_VALUE)));
        }
        if (v.containsKey("status-delay-ms")) {
            c = c.withTimes(c.times().withStatusDelayMillis(intIn(v.get("status-delay-ms"), "status-delay-ms", 0, 86_400_000)));
        }
        if (v.containsKey("ttl-change-interval-s")) {
            c = c.withTimes(c.times().withTtlChangeIntervalMillis(1000L * intIn(v.get("ttl-change-interval-s"), "ttl-change-interval-s", 0, 86_400)));
        }
        if (v.containsKey("capacity")) {
            CapacityMode m = CapacityMode.parse(v.get("capacity"));
            if (m == null) throw new UsageError("--capacity must be one of enforce, report, off (got " + v.get("capacity") + ")");
            c = c.withCapacity(m);
        }
        if (v.containsKey("capacity-time-rules")) c = c.withCapacityTimeRules(bool(v.get("capacity-time-rules"), "capacity-time-rules"));
        if (v.containsKey("admin-port")) c = c.withAdminPort(intIn(v.get("admin-port"), "admin-port", 0, 65535));
        if (v.containsKey("max-connections")) {
            c = c.toBuilder().maxConnections(intIn(v.get("max-connections"), "max-connections", 1, 1_000_000)).build();
        }
        c = http(c, v);
        BasaltConfig.Builder b = c.toBuilder();
        if (v.containsKey("inline-reads")) b.inlineReads(bool(v.get("inline-reads"), "inline-reads"));
        if (v.containsKey("inline-disk-reads")) b.inlineDiskReads(bool(v.get("inline-disk-reads"), "inline-disk-reads"));
        if (v.containsKey("large-read-slots")) b.largeReadSlots(intIn(v.get("large-read-slots"), "large-read-slots", 1, 4096));
        if (v.containsKey("group-commit")) b.groupCommit(bool(v.get("group-commit"), "group-commit"));
        if (v.containsKey("stream-retention-seconds")) {
            b.streamRetentionSeconds(intIn(v.get("stream-retention-seconds"), "stream-retention-seconds", 1, Integer.MAX_VALUE));
        }
        if (v.containsKey("item-collection-limit-bytes")) {
            b.itemCollectionLimitBytes(longIn(v.get("item-collection-limit-bytes"), "item-collection-limit-bytes", 1, Long.MAX_VALUE));
        }
        if (v.containsKey("leak-detection")) {
            String l = v.get("leak-detection").trim().toLowerCase();
            if (!List.of("disabled", "simple", "advanced", "paranoid").contains(l)) {
                throw new UsageError("--leak-detection must be one of disabled, simple, advanced, paranoid (got " + v.get("leak-detection") + ")");
            }
            b.leakDetection(l);
        }
        c = b.build();
        if (v.containsKey("access-log")) c = c.toBuilder().accessLog(Path.of(v.get("access-log"))).build();
        if (v.containsKey("regions") || v.containsKey("region")) {
            String mode = v.getOrDefault("regions", "separate").trim().toLowerCase();
            if (!mode.equals("separate") && !mode.equals("shared")) {
                throw new UsageError("--regions must be separate or shared (got " + v.get("regions") + ")");
            }
            String home = v.getOrDefault("region", io.basalt.model.Namespaces.DEFAULT_HOME_REGION).trim();
            if (!home.matches("[a-z]{2}(-[a-z]+)+-\\d+|local")) throw new UsageError("--region must name a region such as us-east-1 (got " + home + ")");
            c = c.toBuilder().namespaces(new io.basalt.model.Namespaces(home, mode.equals("shared"))).build();
        }
        if (v.containsKey("auth-file")) c = c.withAuthFile(Path.of(v.get("auth-file")));
        if (v.containsKey("auth")) {
            io.basalt.server.auth.AuthMode m = io.basalt.server.auth.AuthMode.of(v.get("auth").trim());
            if (m == null) throw new UsageError("--auth must be one of verify, any, none-i-know (got " + v.get("auth") + ")");
            c = c.withAuthMode(m);
        }
        if (v.containsKey("log-level")) {
            String l = v.get("log-level").toLowerCase();
            if (!List.of("error", "warn", "info", "debug", "trace").contains(l)) {
                throw new UsageError("--log-level must be one of error, warn, info, debug, trace (got " + v.get("log-level") + ")");
            }
            c = c.withLogLevel(l);
        }
        return c;
    }

    /** The options of io.basalt.HttpSettings (docs/security.md). */
    private static BasaltConfig http(BasaltConfig c, Map<String, String> v) throws UsageError {
        io.basalt.HttpSettings h = c.http();
        if (v.containsKey("admin-host")) h = h.withAdminHost(v.get("admin-host").trim());
        if (v.containsKey("allowed-host")) h = h.withAllowedHosts(List.of(v.get("allowed-host").trim().split("\\s*,\\s*")));
        if (v.containsKey("cors")) {
            try {
                io.basalt.server.http.BrowserGuards.of("127.0.0.1", List.of(), v.get("cors"));
            } catch (IllegalArgumentException e) {
                throw new UsageError(e.getMessage());
            }
            h = h.withCors(v.get("cors").trim());
        }
        if (v.containsKey("header-timeout-ms") || v.containsKey("body-timeout-ms")) {
            h = h.withDeadlines(
                    v.containsKey("header-timeout-ms") ? intIn(v.get("header-timeout-ms"), "header-timeout-ms", 100, 3_600_000) : h.headerTimeoutMillis(),
                    v.containsKey("body-timeout-ms") ? intIn(v.get("body-timeout-ms"), "body-timeout-ms", 100, 3_600_000) : h.bodyTimeoutMillis());
        }
        if (v.containsKey("max-connections-per-source")) {
            h = h.withMaxConnectionsPerSource(intIn(v.get("max-connections-per-source"), "max-connections-per-source", 1, 1_000_000));
        }
        return c.withHttp(h);
    }

    private static BasaltConfig storage(BasaltConfig c, Map<String, String> v) throws UsageError {
        String engine = v.getOrDefault("storage", "rocksdb").trim().toLowerCase();
        boolean cassandraOptions = v.keySet().stream().anyMatch(k -> k.startsWith("cassandra-"));
        switch (engine) {
            case "rocksdb" -> { }
            case "memory" -> c = c.withInMemory(true);
            case "cassandra" -> {
                if (!v.containsKey("cassandra-contact-points")) {
                    throw new UsageError("--storage cassandra needs --cassandra-contact-points HOST:PORT[,HOST:PORT...]");
                }
                try {
                    return c.withCassandra(new io.basalt.storage.cassandra.CassandraSettings(
                            io.basalt.storage.cassandra.CassandraSettings.parseContactPoints(v.get("cassandra-contact-points")),
                            v.getOrDefault("cassandra-keyspace", io.basalt.storage.cassandra.CassandraSettings.DEFAULT_KEYSPACE).trim(),
                            v.containsKey("cassandra-replication") ? intIn(v.get("cassandra-replication"), "cassandra-replication", 1, 99) : 1,
                            v.getOrDefault("cassandra-local-dc", io.basalt.storage.cassandra.CassandraSettings.DEFAULT_LOCAL_DC).trim()));
                } catch (IllegalArgumentException e) {
                    throw new UsageError("--storage cassandra: " + e.getMessage());
                }
            }
            default -> throw new UsageError("--storage must be one of rocksdb, memory, cassandra (got " + v.get("storage") + ")");
        }
        if (cassandraOptions) throw new UsageError("the --cassandra-* options need --storage cassandra");
        return c;
    }

    private static int intIn(String s, String name, int min, int max) throws UsageError {
        try {
            int n = Integer.parseInt(s.trim());
            if (n < min || n > max) throw new UsageError("--" + name + " must be between " + min + " and " + max + " (got " + s + ")");
            return n;
        } catch (NumberFormatException e) {
            throw new UsageError("--" + name + " must be a number (got " + s + ")");
        }
    }

    private static boolean bool(String s, String name) throws UsageError {
        return switch (s.trim().toLowerCase()) {
            case "true", "yes", "1", "on" -> true;
            case "false", "no", "0", "off" -> false;
            default -> throw new UsageError("--" + name + " must be on or off (got " + s + ")");
        };
    }

    private static long longIn(String s, String name, long min, long max) throws UsageError {
        try {
            long n = Long.parseLong(s.trim());
            if (n < min || n > max) throw new UsageError("--" + name + " must be between " + min + " and " + max + " (got " + s + ")");
            return n;
        } catch (NumberFormatException e) {
            throw new UsageError("--" + name + " must be a number (got " + s + ")");
        }
    }

    static String help() {
        StringBuilder sb = new StringBuilder();
        sb.append("Basalt: a DynamoDB-compatible database server.\n\n")
          .append("Usage:\n")
          .append("  basalt serve [options]    start the server (DynamoDB API on http://HOST:PORT)\n")
          .append("  basalt test               run the whole test suite (launcher script only)\n")
          .append("  basalt partitions TABLE --admin-port PORT [--token TOKEN]   show a table's simulated partitions\n")
          .append("  basalt auth add-user NAME --account ID [--policy FILE] [--access-key-id ID --secret-access-key SECRET] --auth-file FILE\n")
          .append("                            add a user (and the account) to an auth file; prints the key pair as JSON\n")
          .append("  basalt auth list --auth-file FILE   list accounts, users and access key ids (never secrets)\n")
          .append("  basalt auth admin-token --access-key-id ID [--hours H] --auth-file FILE\n")
          .append("                            print a bearer token for the admin port (that key's user; default 12 h)\n")
          .append("  basalt migrate COMMAND    migration toolkit: analyze, model init|check, estimate, prices,\n")
          .append("                            generate-example, run, verify, replicate\n")
          .append("                            (basalt migrate --help; docs/migration.md)\n")
          .append("  basalt version            print the version\n")
          .append("  basalt --help             this text\n\n")
          .append("Options of serve (also BASALT_<NAME> environment variables, or a --config file;\n")
          .append("flags win over the environment, which wins over the file):\n");
        for (Option o : OPTIONS) {
            String left = "  --" + o.name() + (o.valueName() == null ? "" : " " + o.valueName());
            sb.append(String.format("%-24s %s%n", left, o.help()));
            sb.append(String.format("%-24s (env %s)%n", "", o.env()));
        }
        sb.append("\nPoint any AWS SDK or the AWS CLI at the server, e.g.\n")
          .append("  aws dynamodb list-tables --endpoint-url http://127.0.0.1:8000\n")
          .append("Without --auth-file any credentials are accepted; the region appears in ARNs.\n");
        return sb.toString();
    }
}
