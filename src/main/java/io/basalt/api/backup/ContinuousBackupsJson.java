package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.RequestContext;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.backup.ContinuousBackups;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.io.IOException;

/** ContinuousBackupsDescription, and the table the continuous-backup operations name. */
public final class ContinuousBackupsJson {
    private ContinuousBackupsJson() {}

    /** The table a name or ARN names, or TableNotFoundException as these operations word it. */
    public static TableCatalog.Entry table(Engine engine, RequestContext ctx, String nameOrArn) {
        String name = TableNames.fromNameOrArn(ctx, nameOrArn);
        TableCatalog.Entry e = engine.catalog().find(TableNames.namespace(ctx, nameOrArn), name);
        if (e == null) throw new DynamoException(ErrorType.TABLE_NOT_FOUND, "Table not found: " + name);
        return e;
    }

    static void description(JsonGenerator g, ContinuousBackups.Status s) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("ContinuousBackupsDescription");
        g.writeStringField("ContinuousBackupsStatus", s.available() ? "ENABLED" : "DISABLED");
        g.writeObjectFieldStart("PointInTimeRecoveryDescription");
        g.writeStringField("PointInTimeRecoveryStatus", s.enabled() ? "ENABLED" : "DISABLED");
        if (s.enabled()) {
            g.writeNumberField("RecoveryPeriodInDays", s.periodDays());
            g.writeNumberField("EarliestRestorableDateTime", s.earliestMillis() / 1000.0);
            g.writeNumberField("LatestRestorableDateTime", s.latestMillis() / 1000.0);
        }
        g.writeEndObject();
        g.writeEndObject();
        g.writeEndObject();
    }
}
