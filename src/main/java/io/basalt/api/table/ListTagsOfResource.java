package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** ListTagsOfResource: all tags of a table; NextToken is a tag key to resume after (pages of 10). */
public final class ListTagsOfResource implements Operation<ListTagsOfResource.Request> {
    static final int PAGE = 10;

    record Request(String resourceArn, String nextToken) {}

    private final Engine engine;

    public ListTagsOfResource(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ListTagsOfResource"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        String[] f = new String[2];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "ResourceArn" -> f[0] = JsonIn.string(q);
                case "NextToken" -> f[1] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request(f[0], f[1]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.resourceArn(), "resourceArn").minLength(r.resourceArn(), "resourceArn", 1)
                .maxLength(r.resourceArn(), "resourceArn", 1283).check();
        TableCatalog.Entry e = TagRules.resolve(engine.catalog(), ctx, r.resourceArn(), "ListTagsOfResource");
        List<Map.Entry<String, String>> tags = new ArrayList<>(e.definition().tags().entrySet());
        int start = 0;
        if (r.nextToken() != null) {
            while (start < tags.size() && !tags.get(start).getKey().equals(r.nextToken())) start++;
            start = Math.min(tags.size(), start + 1);
        }
        int end = Math.min(tags.size(), start + PAGE);
        out.writeStartObject();
        out.writeArrayFieldStart("Tags");
        for (int i = start; i < end; i++) {
            out.writeStartObject();
            out.writeStringField("Key", tags.get(i).getKey());
            out.writeStringField("Value", tags.get(i).getValue());
            out.writeEndObject();
        }
        out.writeEndArray();
        if (end < tags.size()) out.writeStringField("NextToken", tags.get(end - 1).getKey());
        out.writeEndObject();
    }
}
