package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.PolicyGrammar;
import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CreateTable. The response says CREATING, as the service's does; the table is usable at once
 * (DescribeTable shows ACTIVE), so tests need no waiting.
 */
public final class CreateTable implements Operation<CreateTableRequest> {
    private final Engine engine;
    private final PolicyGrammar policies;

    /** @param policies the resource-policy grammar (checks CreateTable's ResourcePolicy) */
    public CreateTable(Engine engine, PolicyGrammar policies) {
        this.engine = engine;
        this.policies = policies;
    }

    @Override
    public String name() {
        return "CreateTable";
    }

    @Override
    public CreateTableRequest parse(JsonParser p) throws IOException {
        return CreateTableRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, CreateTableRequest r, JsonGenerator out) throws IOException {
        CreateTableValidator.constraints(r);
        TableCatalog catalog = engine.catalog();
        CreateTableValidator.Validated v = CreateTableValidator.semantics(r, catalog::allocateId);
        ThroughputMaximums.check(v, ctx.region());
        // same texts as TagResource, but an empty list is accepted (DDB-TABLE-110, live 2026-10-08)
        Map<String, String> tags = TagRules.validateNew(r.tags(), true);
        String sseKey = r.sseSpecification() == null ? null : SseRules.keyArn(ctx, r.sseSpecification());
        if (catalog.find(ctx.namespace(), r.tableName()) != null) {
            throw io.basalt.error.DynamoException.resourceInUse("Table already exists: " + r.tableName());
        }
        StreamSettings stream = StreamSettings.NONE;
        if (r.streamSpecification() != null && Boolean.TRUE.equals(r.streamSpecification().streamEnabled())) {
            stream = new StreamSettings(true, r.streamSpecification().streamViewType(), engine.streamLabels().next());
        }
        TableDefinition t = TableCreation.build(engine, r, v, stream, tags == null ? new LinkedHashMap<>() : tags);
        if (sseKey != null) t = t.toBuilder().sseKeyArn(sseKey).build();
        if (r.resourcePolicy() != null) {
            // the table's resource-based policy, as PutResourcePolicy would attach it right after creation
            ResourcePolicyRules.checkDocument(r.resourcePolicy(), policies, false);
            TableDefinition.Builder b = t.toBuilder();
            b.resourcePolicies().put("", new TableDefinition.ResourcePolicy(r.resourcePolicy(),
                    Long.toString(engine.clock().millis())));
            t = b.build();
        }
        TableCatalog.Entry entry = catalog.create(ctx.namespace(), t);
        engine.vectorBackfills().startAll(entry);
        out.writeStartObject();
        out.writeFieldName("TableDescription");
        TableDescriptionWriter.write(out, ctx, entry, "CREATING", engine.counts());
        out.writeEndObject();
    }
}
