package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.common.Constraints;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** Requests that carry only a TableName (DescribeTable, DeleteTable, DescribeTimeToLive). */
record TableNameRequest(String tableName) {
    static TableNameRequest parse(JsonParser p) throws IOException {
        String[] f = new String[1];
        JsonIn.object(p, (n, q) -> {
            if (n.equals("TableName")) f[0] = JsonIn.string(q);
            else JsonIn.skip(q);
        });
        return new TableNameRequest(f[0]);
    }

    void validate() {
        new Constraints().notNull(tableName, "tableName").tableNameOrArn(tableName, "tableName").check();
    }

    /** The table's name, whether the request gave a name or a table ARN. */
    String name(io.basalt.api.RequestContext ctx) {
        return TableNames.fromNameOrArn(ctx, tableName);
    }
}
