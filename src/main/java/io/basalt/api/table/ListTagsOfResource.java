package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * ListTagsOfResource: all tags of a table. The service answers all 50 a table can have in one page
 * (DDB-TABLE-108, live 2026-10-08); NextToken is a tag key to resume after, kept for clients that send one.
 */
public final class ListTagsOfResource implements Operation<ListTagsOfResource.Request> {
    static final int PAGE = TagRules.MAX_TAGS;

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
        TagArns.Target target = TagArns.resolve(engine.catalog(), ctx, r.resourceArn());
        // a stream ARN is a tag slot of its own, always empty here (DDB-TABLE-373)
        List<Map.Entry<String, String>> tags = target.stream() ? List.of()
                : new ArrayList<>(target.table().definition().tags().entrySet());
        int start = 0;
        if (r.nextToken() != null) {
            while (start < tags.size() && !tags.get(start).getKey().equals(r.nextToken())) start++;
            // a token naming no tag is ignored: the first page (DDB-TABLE-073, live 2026-10-08)
            start = start == tags.size() ? 0 : start + 1;
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
