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

/** DescribeContinuousBackups: whether point-in-time recovery is on, and the restorable window. */
public final class DescribeContinuousBackups implements Operation<String> {
    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Structure SHAPE = Structure.of(TABLE_NAME);

    private final Engine engine;

    public DescribeContinuousBackups(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeContinuousBackups"; }

    @Override
    public String parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return m.get(TABLE_NAME);
    }

    @Override
    public void execute(RequestContext ctx, String tableName, JsonGenerator out) throws IOException {
        new Constraints().notNull(tableName, "tableName").tableNameOrArn(tableName, "tableName").check();
        ContinuousBackupsJson.description(out,
                engine.continuousBackups().status(ContinuousBackupsJson.table(engine, ctx, tableName)));
    }
}
