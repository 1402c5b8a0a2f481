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
import java.io.IOException;

/**
 * {@code Basalt_20261125.DescribeTableActivity}: what only Basalt knows of a table, for the web
 * console's capacity view — units consumed and requests throttled (counters), provisioned capacity,
 * the simulated partitions with their heat and burst, and the Contributor Insights top keys
 * ({@link PartitionsReport}). An extension beside the DynamoDB API on the same endpoint, signed and
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
        String name = TableNames.fromNameOrArn(tableName);
        TableCatalog.Entry table = TableNames.require(engine, ctx, tableName, TableNames.notFound(name));
        TableCapacity cap = engine.capacity().of(table);
        if (cap == null) throw DynamoException.validation("Capacity is not simulated on this server (--capacity off)");
        out.writeStartObject();
        out.writeNumberField("Time", engine.clock().millis() / 1000.0);
        out.writeFieldName("Activity");
        PartitionsReport.write(out, engine, table, cap);
        out.writeEndObject();
    }
}
