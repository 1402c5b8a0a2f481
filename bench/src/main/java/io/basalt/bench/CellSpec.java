package io.basalt.bench;

import java.util.ArrayList;
import java.util.List;

/** One cell of the grid: a workload at a thread count. Written {@code workload[@threads]}. */
record CellSpec(Workload workload, int threads) {
    static List<CellSpec> parseList(String list, int defaultThreads) throws BenchOptions.UsageError {
        List<CellSpec> cells = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) continue;
            int at = p.indexOf('@');
            try {
                Workload w = Workload.of(at < 0 ? p : p.substring(0, at));
                int t = at < 0 ? defaultThreads : Integer.parseInt(p.substring(at + 1));
                if (t < 1 || t > 4096) throw new NumberFormatException();
                cells.add(new CellSpec(w, t));
            } catch (IllegalArgumentException e) {
                throw new BenchOptions.UsageError("bad cell '" + p + "': expected WORKLOAD[@THREADS] with a workload among "
                        + "load, get, put, update, mixed50, mixed95, query, scan, batchwrite, transact");
            }
        }
        if (cells.isEmpty()) throw new BenchOptions.UsageError("no workload given");
        return cells;
    }

    /** The cell's name in tables: {@code get@64}. */
    String name() {
        return workload.id + "@" + threads;
    }
}
