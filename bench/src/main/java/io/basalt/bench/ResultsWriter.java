package io.basalt.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Prints results as a table and writes them as JSON and CSV files. */
final class ResultsWriter {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

    private ResultsWriter() {}

    static void printTable(PrintStream out, List<CellResult> results) {
        String fmt = "%-16s %-14s %10s %10s %8s %8s %9s %9s %8s %7s %11s %8s  %s%n";
        out.printf(Locale.ROOT, fmt, "server", "cell", "ops/s", "items/s", "MB/s", "p50 µs", "p99 µs", "p99.9 µs",
                "errors", "retries", "srv µs/op", "srv RSS", "error codes");
        for (CellResult r : results) {
            out.printf(Locale.ROOT, fmt,
                    r.server(), r.cell(),
                    whole(r.opsPerSecond()),
                    r.workload().countsItems() ? whole(r.itemsPerSecond()) : "",
                    r.bytes() > 0 ? String.format(Locale.ROOT, "%.1f", r.megabytesPerSecond()) : "",
                    r.ops() > 0 ? Long.toString(r.p50Micros()) : "",
                    r.ops() > 0 ? Long.toString(r.p99Micros()) : "",
                    r.ops() > 0 ? Long.toString(r.p999Micros()) : "",
                    Long.toString(r.errorCount()),
                    Long.toString(r.retries()),
                    Double.isNaN(r.serverCpuMicrosPerOp()) ? "" : String.format(Locale.ROOT, "%.1f", r.serverCpuMicrosPerOp()),
                    r.serverRssKb() < 0 ? "" : (r.serverRssKb() / 1024) + " MB",
                    r.errorSummary());
        }
        out.flush();
    }

    static void printFacts(PrintStream out, List<ServerFacts> facts) {
        String fmt = "%-16s %12s %10s %16s %10s  %s%n";
        out.printf(Locale.ROOT, fmt, "server", "start-up ms", "idle RSS", "RSS after load", "RSS end", "");
        for (ServerFacts f : facts) {
            out.printf(Locale.ROOT, fmt, f.id(),
                    f.startupMillis() < 0 ? "" : Long.toString(f.startupMillis()),
                    mb(f.idleRssKb()), mb(f.rssAfterLoadKb()), mb(f.rssEndKb()),
                    f.available() ? "" : "not available: " + f.unavailableReason());
        }
        out.flush();
    }

    static String whole(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    static String mb(long kb) {
        return kb < 0 ? "" : (kb / 1024) + " MB";
    }

    /** Writes {@code <stamp>-<mode>.json} and {@code .csv}; returns the JSON path. */
    static Path writeFiles(Path dir, String mode, BenchOptions options, MachineInfo machine, Instant when,
                           List<ServerFacts> facts, List<CellResult> results) throws IOException {
        Files.createDirectories(dir);
        String base = STAMP.format(when) + "-" + mode;
        Path json = dir.resolve(base + ".json");
        Files.writeString(json, json(options, machine, when, facts, results), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(base + ".csv"), csv(results), StandardCharsets.UTF_8);
        return json;
    }

    static String json(BenchOptions o, MachineInfo m, Instant when, List<ServerFacts> facts, List<CellResult> results) {
        JsonText j = new JsonText().open('{');
        j.field("date", when.toString()).field("command", "bench " + o.commandLine);
        j.key("machine").open('{').field("cores", m.cores()).field("memoryMb", m.memoryMb())
                .field("cpu", m.cpuModel()).field("jdk", m.jdk()).field("os", m.os()).close('}');
        j.key("settings").open('{').field("durationSeconds", o.durationSeconds).field("warmupSeconds", o.warmupSeconds)
                .field("clientWarmupSeconds", o.clientWarmupSeconds).field("serverWarmupSeconds", o.serverWarmupSeconds)
                .field("items", o.items).field("itemSize", o.itemSize).field("batchItemSize", o.batchItemSize)
                .field("distribution", o.distribution).field("httpClient", o.httpClient)
                .field("maxConnections", o.maxConnections).close('}');
        j.key("servers").open('[');
        for (ServerFacts f : facts) {
            j.open('{').field("id", f.id()).field("label", f.label()).field("unavailable", f.unavailableReason())
                    .field("startupMillis", f.startupMillis()).field("idleRssKb", f.idleRssKb())
                    .field("rssAfterLoadKb", f.rssAfterLoadKb()).field("rssEndKb", f.rssEndKb())
                    .field("itemsLoaded", f.itemsLoaded()).close('}');
        }
        j.close(']');
        j.key("cells").open('[');
        for (CellResult r : results) {
            j.open('{').field("server", r.server()).field("cell", r.cell()).field("workload", r.workload().id)
                    .field("threads", r.threads()).field("seconds", r.seconds()).field("ops", r.ops())
                    .field("opsPerSecond", r.opsPerSecond()).field("items", r.items())
                    .field("itemsPerSecond", r.itemsPerSecond()).field("bytes", r.bytes())
                    .field("megabytesPerSecond", r.megabytesPerSecond())
                    .field("p50Micros", r.p50Micros()).field("p99Micros", r.p99Micros())
                    .field("p999Micros", r.p999Micros()).field("maxMicros", r.maxMicros())
                    .field("meanMicros", r.meanMicros()).field("retries", r.retries())
                    .field("serverCpuMicrosPerOp", r.serverCpuMicrosPerOp()).field("serverRssKb", r.serverRssKb())
                    .field("clientCpuMicrosPerOp", r.clientCpuMicrosPerOp())
                    .field("clusterCpuMicrosPerOp", r.clusterCpuMicrosPerOp());
            j.key("errors").open('{');
            for (Map.Entry<String, Long> e : new TreeMap<>(r.errors()).entrySet()) j.field(e.getKey(), e.getValue());
            j.close('}').close('}');
        }
        j.close(']');
        return j.close('}').toString() + "\n";
    }

    static String csv(List<CellResult> results) {
        StringBuilder sb = new StringBuilder(
                "server,cell,workload,threads,seconds,ops,ops_per_s,items_per_s,mb_per_s,p50_us,p99_us,p999_us,max_us,"
                        + "errors,retries,server_cpu_us_per_op,server_rss_kb,client_cpu_us_per_op,cluster_cpu_us_per_op,error_codes\n");
        for (CellResult r : results) {
            sb.append(String.join(",",
                    r.server(), r.cell(), r.workload().id, Integer.toString(r.threads()),
                    fmt(r.seconds()), Long.toString(r.ops()), fmt(r.opsPerSecond()), fmt(r.itemsPerSecond()),
                    fmt(r.megabytesPerSecond()), Long.toString(r.p50Micros()), Long.toString(r.p99Micros()),
                    Long.toString(r.p999Micros()), Long.toString(r.maxMicros()), Long.toString(r.errorCount()),
                    Long.toString(r.retries()), fmt(r.serverCpuMicrosPerOp()), Long.toString(r.serverRssKb()),
                    fmt(r.clientCpuMicrosPerOp()), fmt(r.clusterCpuMicrosPerOp()), "\"" + r.errorSummary().replace("\"", "'") + "\""));
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String fmt(double d) {
        return Double.isNaN(d) ? "" : String.format(Locale.ROOT, "%.2f", d);
    }
}
