package io.basalt.api.activity;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.wire.Member;
import io.basalt.wire.Structure;
import io.basalt.engine.metrics.RequestMetrics;
import java.io.IOException;
import java.util.Map;

/**
 * {@code Basalt_20261125.DescribeTableActivity}: what only Basalt knows of a table, for the web
 * console's capacity view — units consumed and requests throttled (counters), provisioned capacity,
 * the simulated partitions with their heat and burst, and the Contributor Insights top keys
 * ({@link PartitionsReport}); and the latency of the table's requests per operation, as the server
 * measured it. An extension beside the DynamoDB API on the same endpoint, signed and
 * authorized like it (as dynamodb:DescribeTable on the table).
 */
public final class DescribeTableActivity implements Operation<String> {
    public static final String TARGET_PREFIX = "Basalt_20261125.";
    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Structure SHAPE = Structure.of(TABLE_NAME);

    private final Engine engine;

    public DescribeTableActivity(Engine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return "DescribeTableActivity";
    }

    @Override
    public String parse(JsonParser p) throws IOException {
        return SHAPE.readOrEmpty(p).get(TABLE_NAME);
    }

    @Override
    public void execute(RequestContext ctx, String tableName, JsonGenerator out) throws IOException {
        new Constraints().notNull(tableName, "tableName").tableNameOrArn(tableName, "tableName").check();
        String name = TableNames.fromNameOrArn(ctx, tableName);
        TableCatalog.Entry table = TableNames.require(engine, ctx, tableName, TableNames.notFound(name));
        TableCapacity cap = engine.capacity().of(table);
        if (cap == null) throw DynamoException.validation("Capacity is not simulated on this server (--capacity off)");
        out.writeStartObject();
        out.writeNumberField("Time", engine.clock().millis() / 1000.0);
        out.writeFieldName("Activity");
        PartitionsReport.write(out, engine, table, cap);
        writeLatency(out, cap.latency());
        out.writeEndObject();
    }

    /**
     * The table's request latency per operation, as counters since the table was loaded: requests,
     * errors, total seconds and a histogram (cumulative counts per bound in seconds, the last one
     * unbounded) — the console takes the differences between two readings.
     */
    private static void writeLatency(JsonGenerator out, RequestMetrics latency) throws IOException {
        out.writeFieldName("LatencyBucketBounds");
        out.writeArray(RequestMetrics.BOUNDS, 0, RequestMetrics.BOUNDS.length);
        out.writeObjectFieldStart("Latency");
        for (Map.Entry<String, RequestMetrics.Operation> e : latency.snapshot().entrySet()) {
            RequestMetrics.Operation o = e.getValue();
            out.writeObjectFieldStart(e.getKey());
            out.writeNumberField("Requests", o.ok() + o.errors());
            out.writeNumberField("Errors", o.errors());
            out.writeNumberField("Seconds", o.sumSeconds());
            long[] cumulative = o.cumulative();
            out.writeFieldName("Buckets");
            out.writeArray(cumulative, 0, cumulative.length);
            out.writeEndObject();
        }
        out.writeEndObject();
    }
}
