package io.basalt.api.kinesis;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/**
 * The members of the Kinesis streaming destination operations: TableName (name or ARN), StreamArn
 * (37..1024 characters, as the API model bounds it) and the configuration's
 * ApproximateCreationDateTimePrecision ({@code EnableKinesisStreamingConfiguration} or
 * {@code UpdateKinesisStreamingConfiguration}).
 */
record KinesisDestinationRequest(String tableName, String streamArn, boolean hasConfiguration, String precision) {
    static final String PRECISIONS = "[MILLISECOND, MICROSECOND]";

    static KinesisDestinationRequest parse(JsonParser p, String configurationMember) throws IOException {
        String[] f = new String[3];
        boolean[] configured = new boolean[1];
        JsonIn.object(p, (n, q) -> {
            if (n.equals("TableName")) {
                f[0] = JsonIn.string(q);
            } else if (n.equals("StreamArn")) {
                f[1] = JsonIn.string(q);
            } else if (n.equals(configurationMember) && q.currentToken() != com.fasterxml.jackson.core.JsonToken.VALUE_NULL) {
                configured[0] = true;
                JsonIn.object(q, (m, v) -> {
                    if (m.equals("ApproximateCreationDateTimePrecision")) f[2] = JsonIn.string(v);
                    else JsonIn.skip(v);
                });
            } else {
                JsonIn.skip(q);
            }
        });
        return new KinesisDestinationRequest(f[0], f[1], configured[0], f[2]);
    }

    /** The table's and the stream's constraints, and the precision's with {@code configurationPath}. */
    void validate(boolean needsStream, String configurationPath) {
        Constraints c = new Constraints().notNull(tableName, "tableName").tableNameOrArn(tableName, "tableName");
        if (needsStream) c.notNull(streamArn, "streamArn").minLength(streamArn, "streamArn", 37).maxLength(streamArn, "streamArn", 1024);
        if (configurationPath != null) c.enumValue(precision, configurationPath + ".approximateCreationDateTimePrecision", PRECISIONS);
        c.check();
    }

    /** The table, or the service's not-found error. */
    TableDefinition table(Engine engine, RequestContext ctx) {
        String name = TableNames.fromNameOrArn(ctx, tableName);
        return TableNames.require(engine, ctx, tableName, TableNames.notFound(name)).definition();
    }
}
