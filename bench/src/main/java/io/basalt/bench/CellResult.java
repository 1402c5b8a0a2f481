package io.basalt.bench;

import java.util.Map;
import java.util.TreeMap;

/**
 * The measurements of one cell against one server. Latencies are in microseconds; CPU per operation
 * is NaN and RSS -1 when the server's PID is unknown.
 */
record CellResult(
        String server,
        String cell,
        Workload workload,
        int threads,
        double seconds,
        long ops,
        long items,
        long bytes,
        long p50Micros,
        long p99Micros,
        long p999Micros,
        long maxMicros,
        double meanMicros,
        Map<String, Long> errors,
        long retries,
        double serverCpuMicrosPerOp,
        long serverRssKb,
        double clientCpuMicrosPerOp,
        double clusterCpuMicrosPerOp) {

    double opsPerSecond() {
        return seconds > 0 ? ops / seconds : 0;
    }

    double itemsPerSecond() {
        return seconds > 0 ? items / seconds : 0;
    }

    double megabytesPerSecond() {
        return seconds > 0 ? bytes / seconds / 1e6 : 0;
    }

    long errorCount() {
        long n = 0;
        for (long v : errors.values()) n += v;
        return n;
    }

    String errorSummary() {
        if (errors.isEmpty()) return "";
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, Long> e : new TreeMap<>(errors).entrySet()) {
            if (sb.length() > 0) sb.append("; ");
            sb.append(e.getKey()).append('=').append(e.getValue());
        }
        return sb.toString();
    }

    /** A placeholder row for a server that could not be run. */
    static CellResult unavailable(String server, CellSpec cell, String why) {
        return new CellResult(server, cell.name(), cell.workload(), cell.threads(), 0, 0, 0, 0, 0, 0, 0, 0, 0,
                Map.of(why, 0L), 0, Double.NaN, -1, Double.NaN, Double.NaN);
    }
}
