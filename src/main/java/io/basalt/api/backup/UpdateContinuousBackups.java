package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/**
 * UpdateContinuousBackups: turns point-in-time recovery on (with a recovery period of 1 to 35
 * days, 35 when not given) or off. Turning it off drops the table's history; turning it on again
 * starts a new window.
 */
public final class UpdateContinuousBackups implements Operation<UpdateContinuousBackups.Request> {
    record Request(String tableName, boolean specPresent, Boolean enabled, Long periodDays) {}

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<Boolean> ENABLED = Member.bool("PointInTimeRecoveryEnabled");
    private static final Member<Long> PERIOD = Member.integer("RecoveryPeriodInDays");
    private static final Member<Members> SPECIFICATION =
            Member.structure("PointInTimeRecoverySpecification", Structure.of(ENABLED, PERIOD));
    private static final Structure SHAPE = Structure.of(TABLE_NAME, SPECIFICATION);

    private final Engine engine;

    public UpdateContinuousBackups(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "UpdateContinuousBackups"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        Members spec = m.get(SPECIFICATION);
        return spec == null ? new Request(m.get(TABLE_NAME), false, null, null)
                : new Request(m.get(TABLE_NAME), true, spec.get(ENABLED), spec.get(PERIOD));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName");
        if (!r.specPresent()) {
            c.notNull(null, "pointInTimeRecoverySpecification");
        } else {
            c.notNull(r.enabled(), "pointInTimeRecoverySpecification.pointInTimeRecoveryEnabled")
             .min(r.periodDays(), "pointInTimeRecoverySpecification.recoveryPeriodInDays", 1)
             .max(r.periodDays(), "pointInTimeRecoverySpecification.recoveryPeriodInDays", 35);
        }
        c.check();
        var table = ContinuousBackupsJson.table(engine, ctx, r.tableName());
        Integer days = r.periodDays() == null ? null : r.periodDays().intValue();
        ContinuousBackupsJson.description(out, engine.continuousBackups().update(table, r.enabled(), days));
    }
}
