package io.basalt.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Evaluates the targets of issue 6 for Basalt against the same run's ceiling and DynamoDB Local rows. */
final class TargetChecks {
    private final BenchOptions o;
    private final List<ServerFacts> facts;
    private final Map<String, CellResult> byKey;
    private final boolean pending;
    private final List<String> rows = new ArrayList<>();

    TargetChecks(BenchOptions o, List<ServerFacts> facts, Map<String, CellResult> byKey, boolean pending) {
        this.o = o;
        this.facts = facts;
        this.byKey = byKey;
        this.pending = pending;
    }

    List<String> rows() {
        throughput();
        cpu();
        bulkLoad();
        p99();
        footprint();
        growth();
        return rows;
    }

    private void throughput() {
        int t = o.threads;
        CellResult ceilingGet = cell("ceiling", Workload.GET, t);
        for (Workload w : List.of(Workload.GET, Workload.PUT, Workload.UPDATE, Workload.QUERY)) {
            String target = "1. " + w.id + "@" + t + " ≥ 80% of the ceiling's GetItem ops/s";
            CellResult b = cell("basalt", w, t);
            if (ceilingGet == null || ceilingGet.ops() == 0) {
                row(target, "", "not measured (no ceiling get@" + t + " cell)");
            } else if (pending || b == null || b.ops() == 0) {
                row(target, "ceiling GetItem " + whole(ceilingGet.opsPerSecond()) + " ops/s", pending ? "pending" : "not measured");
            } else {
                double share = b.opsPerSecond() / ceilingGet.opsPerSecond();
                row(target, whole(b.opsPerSecond()) + " ops/s = " + pct(share) + " of " + whole(ceilingGet.opsPerSecond()),
                        met(share >= 0.8));
            }
        }
    }

    private void cpu() {
        int t = o.threads;
        CellResult bGet = cell("basalt", Workload.GET, t);
        CellResult memGet = cell("ddblocal-mem", Workload.GET, t);
        CellResult diskGet = cell("ddblocal-disk", Workload.GET, t);
        double ddbGet = minCpu(memGet, diskGet);
        String target = "2. server CPU per GetItem ≤ 1/10 of DynamoDB Local's (the lower of memory and disk)";
        cpuRow(target, bGet, ddbGet);
        CellResult bPut = cell("basalt", Workload.PUT, t);
        double memPut = minCpu(cell("ddblocal-mem", Workload.PUT, t), null);
        cpuRow("2. server CPU per durable PutItem ≤ 1/10 of DynamoDB Local in memory's", bPut, memPut);
    }

    private void cpuRow(String target, CellResult basalt, double reference) {
        if (Double.isNaN(reference)) {
            row(target, "", "not measured (no DynamoDB Local figure)");
        } else if (pending || basalt == null || Double.isNaN(basalt.serverCpuMicrosPerOp())) {
            row(target, "DynamoDB Local " + one(reference) + " µs/op", pending ? "pending" : "not measured");
        } else {
            double v = basalt.serverCpuMicrosPerOp();
            row(target, one(v) + " µs/op vs " + one(reference) + " µs/op (1/" + one(reference / v) + ")", met(v <= reference / 10));
        }
    }

    private void bulkLoad() {
        int t = o.threads;
        String target = "3. BatchWriteItem (25 × " + o.batchItemSize + " B) ≥ 50,000 items/s durable and ≥ 20× DynamoDB Local on disk";
        CellResult b = cell("basalt", Workload.BATCHWRITE, t);
        CellResult disk = cell("ddblocal-disk", Workload.BATCHWRITE, t);
        String ref = disk == null || disk.ops() == 0 ? "" : "DynamoDB Local disk " + whole(disk.itemsPerSecond()) + " items/s";
        if (pending || b == null || b.ops() == 0) {
            row(target, ref, pending ? "pending" : "not measured (no batchwrite@" + t + " cell)");
            return;
        }
        boolean abs = b.itemsPerSecond() >= 50_000;
        boolean rel = disk != null && disk.itemsPerSecond() > 0 && b.itemsPerSecond() >= 20 * disk.itemsPerSecond();
        String measured = whole(b.itemsPerSecond()) + " items/s"
                + (ref.isEmpty() ? "" : " = " + one(b.itemsPerSecond() / disk.itemsPerSecond()) + "× " + ref);
        row(target, measured, disk == null ? (abs ? "half met (no DynamoDB Local disk figure)" : "not met") : met(abs && rel));
    }

    private void p99() {
        String target = "4. p99 of GetItem at 16 threads ≤ 1.5× the ceiling's";
        CellResult b = cell("basalt", Workload.GET, 16);
        CellResult c = cell("ceiling", Workload.GET, 16);
        if (c == null || c.ops() == 0) {
            row(target, "", "not measured (no get@16 cell)");
        } else if (pending || b == null || b.ops() == 0) {
            row(target, "ceiling p99 " + c.p99Micros() + " µs", pending ? "pending" : "not measured");
        } else {
            double r = (double) b.p99Micros() / c.p99Micros();
            row(target, b.p99Micros() + " µs vs " + c.p99Micros() + " µs (" + one(r) + "×)", met(r <= 1.5));
        }
    }

    private void footprint() {
        ServerFacts b = null;
        for (ServerFacts f : facts) if (f.id().equals("basalt") && f.available()) b = f;
        if (pending || b == null) {
            row("5. start-up to first answered request ≤ 600 ms", "", "pending");
            row("5. idle RSS ≤ 120 MB", "", "pending");
            row("5. RSS ≤ 300 MB with 1,000,000 items on disk", "", "pending");
            return;
        }
        row("5. start-up to first answered request ≤ 600 ms", b.startupMillis() + " ms", met(b.startupMillis() <= 600));
        row("5. idle RSS ≤ 120 MB", ResultsWriter.mb(b.idleRssKb()), met(b.idleRssKb() >= 0 && b.idleRssKb() <= 120 * 1024));
        if (o.items >= 1_000_000) {
            long peak = Math.max(b.rssAfterLoadKb(), b.rssEndKb());
            row("5. RSS ≤ 300 MB with 1,000,000 items on disk", ResultsWriter.mb(peak) + " (highest of after-load and end, "
                    + String.format(Locale.ROOT, "%,d", o.items) + " items)", met(peak <= 300 * 1024));
        } else {
            row("5. RSS ≤ 300 MB with 1,000,000 items on disk", ResultsWriter.mb(b.rssAfterLoadKb()) + " with "
                    + String.format(Locale.ROOT, "%,d", o.items) + " items", "not measured (run with --items 1000000)");
        }
    }

    private void growth() {
        row("6. GetItem with 10,000,000 items within 20% of 100,000; Query latency independent of size", "",
                pending ? "pending" : "not measured in one run: compare get and query of runs with --items 100000 and --items 10000000");
        CellResult scan = null;
        for (CellResult r : byKey.values()) {
            if (r.server().equals("basalt") && r.workload() == Workload.SCAN && r.ops() > 0) scan = r;
        }
        if (pending || scan == null) {
            row("6. full Scan reads ≥ 100 MB/s of items", "", pending ? "pending" : "not measured (no scan cell)");
        } else {
            row("6. full Scan reads ≥ 100 MB/s of items", String.format(Locale.ROOT, "%.1f MB/s (%s)", scan.megabytesPerSecond(), scan.cell()),
                    met(scan.megabytesPerSecond() >= 100));
        }
    }

    private CellResult cell(String server, Workload w, int threads) {
        CellResult r = byKey.get(server + "|" + w.id + "@" + threads);
        return r == null || r.seconds() == 0 ? null : r;
    }

    private static double minCpu(CellResult a, CellResult b) {
        double v = Double.NaN;
        for (CellResult r : new CellResult[] {a, b}) {
            if (r == null || Double.isNaN(r.serverCpuMicrosPerOp())) continue;
            v = Double.isNaN(v) ? r.serverCpuMicrosPerOp() : Math.min(v, r.serverCpuMicrosPerOp());
        }
        return v;
    }

    private void row(String target, String measured, String status) {
        rows.add("| " + target.substring(0, target.indexOf('.')) + " | " + target.substring(target.indexOf('.') + 2)
                + " | " + measured + " | " + status + " |");
    }

    private static String met(boolean ok) {
        return ok ? "**met**" : "**not met**";
    }

    private static String whole(double v) {
        return ResultsWriter.whole(v);
    }

    private static String one(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.0f%%", share * 100);
    }
}
