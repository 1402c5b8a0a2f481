package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.transfer.ImportRecord;
import io.basalt.wire.Member;
import io.basalt.wire.Structure;
import java.io.IOException;

/** DescribeImport. */
public final class DescribeImport implements Operation<String> {
    private static final Member<String> ARN = Member.string("ImportArn");
    private static final Structure SHAPE = Structure.of(ARN);

    private final Engine engine;

    public DescribeImport(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeImport"; }

    @Override
    public String parse(JsonParser p) throws IOException {
        return SHAPE.readOrEmpty(p).get(ARN);
    }

    @Override
    public void execute(RequestContext ctx, String arn, JsonGenerator out) throws IOException {
        new Constraints().notNull(arn, "importArn").minLength(arn, "importArn", 37).maxLength(arn, "importArn", 1024).check();
        ImportRecord r = engine.imports().require(ctx.namespace(), arn);
        out.writeStartObject();
        ImportJson.description(out, r, r.status());
        out.writeEndObject();
    }
}
