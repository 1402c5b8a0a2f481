package io.basalt.api;

import io.basalt.engine.metrics.RequestMetrics;

/**
 * What a request's operation tells the front end that times it: the latency record of the first
 * table the request named (a request on several tables — a batch, a transaction — counts toward
 * its first), so that each table's latency per operation can be shown (DescribeTableActivity).
 * One request, one thread at a time: no synchronization.
 */
public final class RequestTrace {
    private RequestMetrics tableLatency;

    /** Called as the operation resolves a table; only the first one counts. */
    public void table(RequestMetrics latencyOfTable) {
        if (tableLatency == null) tableLatency = latencyOfTable;
    }

    /** Where the request's latency is recorded for its table, or null when it named none. */
    public RequestMetrics tableLatency() {
        return tableLatency;
    }
}
