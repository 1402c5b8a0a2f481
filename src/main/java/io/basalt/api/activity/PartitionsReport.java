package io.basalt.api.activity;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.ContributorInsights;
import io.basalt.engine.capacity.IndexCapacity;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.PartitionMap;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A table's simulated capacity as JSON (the console's DescribeTableActivity, the admin service,
 * {@code basalt partitions TABLE}): the units consumed and the requests throttled so far by the
 * table and each GSI (counters: a reader takes differences for rates), and each simulated
 * partition's slice of the partition-hash space (the order Scan walks), estimated size, throughput
 * share, consumed and throttled units and heat — its part of the table's (or index's) consumption.
 */
public final class PartitionsReport {
    private PartitionsReport() {}

    public static void write(JsonGenerator g, Engine engine, TableCatalog.Entry table, TableCapacity cap) throws IOException {
        g.writeStartObject();
        g.writeStringField("TableName", table.definition().name());
        g.writeStringField("BillingMode", table.definition().billingMode());
        g.writeStringField("CapacityMode", engine.capacity().settings().mode().name().toLowerCase());
        g.writeNumberField("SizeBytes", table.ref().sizeBytes().get());
        g.writeNumberField("ItemCount", table.ref().itemCount().get());
        g.writeNumberField("ReadCapacityUnits", table.definition().payPerRequest() ? 0 : table.definition().throughput().readCapacityUnits());
        g.writeNumberField("WriteCapacityUnits", table.definition().payPerRequest() ? 0 : table.definition().throughput().writeCapacityUnits());
        usage(g, cap.usage());
        partitions(g, cap.partitions(), new Edges(engine, false, table.definition().id(),
                item -> item.get(table.definition().keys().hashName())));
        insights(g, cap.insights(), null);
        g.writeArrayFieldStart("GlobalSecondaryIndexes");
        for (IndexCapacity i : cap.indexes().values()) {
            if (i.partitions() == null) continue;
            g.writeStartObject();
            g.writeStringField("IndexName", i.name());
            IndexDefinition d = table.definition().index(i.name());
            if (d != null && !table.definition().payPerRequest()) {
                g.writeNumberField("ReadCapacityUnits", d.throughput().readCapacityUnits());
                g.writeNumberField("WriteCapacityUnits", d.throughput().writeCapacityUnits());
            }
            usage(g, i.usage());
            partitions(g, i.partitions(), d == null ? null : new Edges(engine, true, d.indexId(), item -> d.keys().hashValues(item)));
            insights(g, cap.insights(), i.name());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * The first and last partition key stored in a partition: one seek each way, so the report shows
     * which keys a hash range holds without scanning it.
     */
    private record Edges(Engine engine, boolean index, long id, Function<Map<String, AttributeValue>, Object> partitionKey) {
        String first(Partition p) {
            return edge(p, false);
        }

        String last(Partition p) {
            return edge(p, true);
        }

        private String edge(Partition p, boolean reverse) {
            Map<String, AttributeValue> item = engine.edgeItem(index, id, p.start(), p.end(), reverse);
            if (item == null) return null;
            Object key = partitionKey.apply(item);
            return key == null ? null : ContributorInsights.render(key);
        }
    }

    private static void partitions(JsonGenerator g, PartitionMap map, Edges edges) throws IOException {
        List<Partition> parts = map.partitions();
        double total = 0;
        for (Partition p : parts) total += p.usage().readUnits() + p.usage().writeUnits();
        g.writeArrayFieldStart("Partitions");
        for (int n = 0; n < parts.size(); n++) {
            Partition p = parts.get(n);
            g.writeStartObject();
            g.writeNumberField("Partition", n);
            g.writeStringField("HashFrom", String.format("%016x", p.start()));
            g.writeStringField("HashTo", String.format("%016x", p.end()));
            if (edges != null) {
                String first = edges.first(p);
                if (first != null) {
                    g.writeStringField("FirstKey", first);
                    g.writeStringField("LastKey", edges.last(p));
                }
            }
            g.writeNumberField("SizeBytes", p.sizeBytes());
            g.writeNumberField("ReadShare", p.readShare());
            g.writeNumberField("WriteShare", p.writeShare());
            g.writeNumberField("ConsumedReadUnits", p.usage().readUnits());
            g.writeNumberField("ConsumedWriteUnits", p.usage().writeUnits());
            g.writeNumberField("ReadThrottles", p.usage().readThrottles());
            g.writeNumberField("WriteThrottles", p.usage().writeThrottles());
            double used = p.usage().readUnits() + p.usage().writeUnits();
            g.writeNumberField("Heat", total == 0 ? 0 : Math.round(used / total * 1000) / 1000.0);
            g.writeNumberField("Load", Math.round(p.load() * 1000) / 1000.0);
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** Counters since the server started (or the table was created). */
    private static void usage(JsonGenerator g, io.basalt.engine.capacity.Usage u) throws IOException {
        g.writeObjectFieldStart("Usage");
        g.writeNumberField("ConsumedReadCapacityUnits", u.readUnits());
        g.writeNumberField("ConsumedWriteCapacityUnits", u.writeUnits());
        g.writeNumberField("Reads", u.reads());
        g.writeNumberField("Writes", u.writes());
        g.writeNumberField("ReadThrottleEvents", u.readThrottles());
        g.writeNumberField("WriteThrottleEvents", u.writeThrottles());
        g.writeEndObject();
    }

    private static void insights(JsonGenerator g, ContributorInsights ci, String index) throws IOException {
        if (ci == null) return;
        g.writeObjectFieldStart("ContributorInsights");
        contributors(g, "MostAccessedKeys", ci.topAccessed(index, 10));
        contributors(g, "MostThrottledKeys", ci.topThrottled(index, 10));
        if (index == null) contributors(g, "MostAccessedItemKeys", ci.topAccessedKeys(10));
        g.writeEndObject();
    }

    private static void contributors(JsonGenerator g, String name, List<ContributorInsights.Contributor> list) throws IOException {
        g.writeArrayFieldStart(name);
        for (ContributorInsights.Contributor c : list) {
            g.writeStartObject();
            g.writeStringField("Key", c.key());
            g.writeNumberField("Count", c.count());
            g.writeEndObject();
        }
        g.writeEndArray();
    }
}
