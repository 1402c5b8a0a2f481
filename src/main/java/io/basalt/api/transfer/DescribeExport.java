package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ExportRecord;
import io.basalt.wire.Member;
import io.basalt.wire.Structure;
import java.io.IOException;

/** DescribeExport. */
public final class DescribeExport implements Operation<String> {
    private static final Member<String> ARN = Member.string("ExportArn");
    private static final Structure SHAPE = Structure.of(ARN);

    private final Engine engine;

    public DescribeExport(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeExport"; }

    @Override
    public String parse(JsonParser p) throws IOException {
        return SHAPE.readOrEmpty(p).get(ARN);
    }

    @Override
    public void execute(RequestContext ctx, String arn, JsonGenerator out) throws IOException {
        new Constraints().notNull(arn, "exportArn").minLength(arn, "exportArn", 37).maxLength(arn, "exportArn", 1024).check();
        ExportRecord e = engine.exports().require(ctx.namespace(), arn);
        out.writeStartObject();
        ExportJson.description(out, e, e.status());
        out.writeEndObject();
    }
}
