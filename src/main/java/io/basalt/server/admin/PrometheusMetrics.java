package io.basalt.server.admin;

import io.basalt.engine.Engine;
import io.basalt.engine.capacity.IndexCapacity;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.PartitionMap;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.Usage;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.metrics.RequestMetrics;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server's metrics in the Prometheus text format (version 0.0.4): capacity consumed and
 * throttled per table, index and partition, requests and latency histograms per operation,
 * storage size and item count per table.
 */
final class PrometheusMetrics {
    private final StringBuilder out = new StringBuilder(8192);

    private PrometheusMetrics() {}

    private java.util.function.Predicate<TableCatalog.Entry> visible = e -> true;

    /** The metrics of the tables {@code visible} accepts (the caller's), and the per-operation request series. */
    static String render(Engine engine, RequestMetrics requests, java.util.function.Predicate<TableCatalog.Entry> visible) {
        PrometheusMetrics m = new PrometheusMetrics();
        m.visible = visible;
        m.requests(requests);
        m.tables(engine);
        java.util.Set<Long> ids = new java.util.HashSet<>();
        for (TableCatalog.Entry e : m.entries(engine)) ids.add(e.definition().id());
        m.capacity(engine.capacity().tables().stream().filter(t -> ids.contains(t.tableId())).toList());
        return m.out.toString();
    }

    private List<TableCatalog.Entry> entries(Engine engine) {
        return engine.catalog().all().stream().filter(visible).toList();
    }

    private void header(String name, String type, String help) {
        out.append("# HELP ").append(name).append(' ').append(help).append('\n');
        out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    }

    private void sample(String name, String labels, double value) {
        out.append(name);
        if (!labels.isEmpty()) out.append('{').append(labels).append('}');
        out.append(' ');
        if (value == Math.rint(value) && Math.abs(value) < 1e15) out.append((long) value);
        else out.append(String.format(Locale.ROOT, "%s", value));
        out.append('\n');
    }

    static String label(String name, String value) {
        return name + "=\"" + value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + "\"";
    }

    private void requests(RequestMetrics requests) {
        Map<String, RequestMetrics.Operation> ops = requests.snapshot();
        header("basalt_requests_total", "counter", "Requests by operation and outcome.");
        for (Map.Entry<String, RequestMetrics.Operation> e : ops.entrySet()) {
            sample("basalt_requests_total", label("operation", e.getKey()) + "," + label("outcome", "ok"), e.getValue().ok());
            sample("basalt_requests_total", label("operation", e.getKey()) + "," + label("outcome", "error"), e.getValue().errors());
        }
        header("basalt_request_duration_seconds", "histogram", "Request latency by operation, from parsed request to response body.");
        for (Map.Entry<String, RequestMetrics.Operation> e : ops.entrySet()) {
            String op = label("operation", e.getKey());
            long[] cumulative = e.getValue().cumulative();
            for (int i = 0; i < cumulative.length; i++) {
                String le = i < RequestMetrics.BOUNDS.length ? Double.toString(RequestMetrics.BOUNDS[i]) : "+Inf";
                sample("basalt_request_duration_seconds_bucket", op + "," + label("le", le), cumulative[i]);
            }
            sample("basalt_request_duration_seconds_sum", op, e.getValue().sumSeconds());
            sample("basalt_request_duration_seconds_count", op, cumulative[cumulative.length - 1]);
        }
    }

    private void tables(Engine engine) {
        header("basalt_table_size_bytes", "gauge", "Item bytes stored per table (the service's item-size rules).");
        for (TableCatalog.Entry e : entries(engine)) {
            sample("basalt_table_size_bytes", label("table", AdminTables.name(e)), e.ref().sizeBytes().get());
        }
        header("basalt_table_item_count", "gauge", "Items per table.");
        for (TableCatalog.Entry e : entries(engine)) {
            sample("basalt_table_item_count", label("table", AdminTables.name(e)), e.ref().itemCount().get());
        }
        header("basalt_index_size_bytes", "gauge", "Bytes of projected items per secondary index.");
        forEachIndex(entries(engine), (l, i) -> sample("basalt_index_size_bytes", l, engine.indexes().sizeBytes(i.indexId())));
        header("basalt_index_item_count", "gauge", "Items per secondary index.");
        forEachIndex(entries(engine), (l, i) -> sample("basalt_index_item_count", l, engine.indexes().itemCount(i.indexId())));
    }

    private interface IndexSink { void accept(String labels, IndexDefinition index); }

    private static void forEachIndex(List<TableCatalog.Entry> entries, IndexSink sink) {
        for (TableCatalog.Entry e : entries) {
            String name = AdminTables.name(e);
            for (IndexDefinition i : e.definition().localIndexes()) sink.accept(label("table", name) + "," + label("index", i.name()), i);
            for (IndexDefinition i : e.definition().globalIndexes()) sink.accept(label("table", name) + "," + label("index", i.name()), i);
        }
    }

    private void capacity(List<TableCapacity> tables) {
        header("basalt_consumed_read_units_total", "counter", "Read capacity units consumed, per table and index.");
        for (TableCapacity t : tables) forEachUsage(t, (l, u) -> sample("basalt_consumed_read_units_total", l, u.readUnits()));
        header("basalt_consumed_write_units_total", "counter", "Write capacity units consumed, per table and index.");
        for (TableCapacity t : tables) forEachUsage(t, (l, u) -> sample("basalt_consumed_write_units_total", l, u.writeUnits()));
        header("basalt_throttled_requests_total", "counter", "Requests refused by throttling, per table and index.");
        for (TableCapacity t : tables) {
            forEachUsage(t, (l, u) -> {
                sample("basalt_throttled_requests_total", l + "," + label("kind", "read"), u.readThrottles());
                sample("basalt_throttled_requests_total", l + "," + label("kind", "write"), u.writeThrottles());
            });
        }
        header("basalt_partitions", "gauge", "Simulated partitions per table and GSI.");
        for (TableCapacity t : tables) forEachMap(t, (l, m) -> sample("basalt_partitions", l, m.count()));
        header("basalt_partition_consumed_read_units_total", "counter", "Read units consumed per partition.");
        for (TableCapacity t : tables) forEachPartition(t, (l, p) -> sample("basalt_partition_consumed_read_units_total", l, p.usage().readUnits()));
        header("basalt_partition_consumed_write_units_total", "counter", "Write units consumed per partition.");
        for (TableCapacity t : tables) forEachPartition(t, (l, p) -> sample("basalt_partition_consumed_write_units_total", l, p.usage().writeUnits()));
        header("basalt_partition_throttled_requests_total", "counter", "Requests refused by throttling per partition.");
        for (TableCapacity t : tables) {
            forEachPartition(t, (l, p) -> {
                sample("basalt_partition_throttled_requests_total", l + "," + label("kind", "read"), p.usage().readThrottles());
                sample("basalt_partition_throttled_requests_total", l + "," + label("kind", "write"), p.usage().writeThrottles());
            });
        }
        header("basalt_partition_read_share_units", "gauge", "Read units per second each partition is provisioned.");
        for (TableCapacity t : tables) forEachPartition(t, (l, p) -> sample("basalt_partition_read_share_units", l, p.readShare()));
        header("basalt_partition_write_share_units", "gauge", "Write units per second each partition is provisioned.");
        for (TableCapacity t : tables) forEachPartition(t, (l, p) -> sample("basalt_partition_write_share_units", l, p.writeShare()));
        header("basalt_partition_size_bytes", "gauge", "Estimated bytes per partition (changes seen since start-up).");
        for (TableCapacity t : tables) forEachPartition(t, (l, p) -> sample("basalt_partition_size_bytes", l, p.sizeBytes()));
    }

    private interface UsageSink { void accept(String labels, Usage u); }
    private interface MapSink { void accept(String labels, PartitionMap m); }
    private interface PartitionSink { void accept(String labels, Partition p); }

    private static void forEachUsage(TableCapacity t, UsageSink sink) {
        sink.accept(label("table", t.name()) + "," + label("index", ""), t.usage());
        for (IndexCapacity i : t.indexes().values()) sink.accept(label("table", t.name()) + "," + label("index", i.name()), i.usage());
    }

    private static void forEachMap(TableCapacity t, MapSink sink) {
        sink.accept(label("table", t.name()) + "," + label("index", ""), t.partitions());
        for (IndexCapacity i : t.indexes().values()) {
            if (i.partitions() != null) sink.accept(label("table", t.name()) + "," + label("index", i.name()), i.partitions());
        }
    }

    private static void forEachPartition(TableCapacity t, PartitionSink sink) {
        forEachMap(t, (labels, map) -> {
            List<Partition> parts = map.partitions();
            for (int n = 0; n < parts.size(); n++) sink.accept(labels + "," + label("partition", Integer.toString(n)), parts.get(n));
        });
    }
}
