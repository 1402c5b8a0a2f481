package io.basalt.api.query;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.item.ItemExpressions;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.PartitionHash;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.query.KeyConditionSpec;
import io.basalt.engine.query.KeyRange;
import io.basalt.engine.query.PageReader;
import io.basalt.engine.query.ReadTarget;
import io.basalt.error.DynamoException;
import io.basalt.eventloop.MemoryOnlyReads;
import io.basalt.eventloop.ReadWouldBlock;
import io.basalt.model.KeyCodec;
import io.basalt.model.KeyShape;
import java.io.IOException;
import java.util.Arrays;

/** Query: one item collection, in sort-key order (or reverse), narrowed by a sort-key condition. */
public final class Query implements Operation<ReadRequest> {
    private final Engine engine;

    public Query(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "Query"; }

    @Override public boolean inlineable() { return true; }

    /**
     * Query wraps its Select rules (issue #25's live example "1 validation error detected:
     * ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"); its attribute
     * values and expression errors stay bare (valueLayers.test.ts, 2026-10-09; the pinned suite).
     */
    private static final java.util.Set<io.basalt.error.ValidationFamily> ENVELOPED = java.util.Set.of(io.basalt.error.ValidationFamily.SELECT);

    @Override public java.util.Set<io.basalt.error.ValidationFamily> envelopedFamilies() { return ENVELOPED; }

    @Override
    public ReadRequest parse(JsonParser p) throws IOException {
        return ReadRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, ReadRequest r, JsonGenerator out) throws IOException {
        String operator = r.conditionalOperator();
        if (operator != null && !operator.equals("AND") && !operator.equals("OR") && r.queryFilter() != null && r.queryFilter().size() > 1) {
            // beside two or more QueryFilter conditions an unknown ConditionalOperator is refused first, alone and
            // bare, in the newer front end's words (sic; live us-east-1 and eu-west-2 2026-10-09, paritysuite
            // validation-ordering/query)
            throw DynamoException.validation("Failed to satisfy constraint: Member must satisfy enum value set: [ALL, OR]");
        }
        Constraints c = new Constraints();
        ReadRules.commonConstraints(c, r, true);
        c.check();
        ItemExpressions.ReadExpressions ex = ItemExpressions.forRead(r.filterExpression(), r.queryFilter(), "QueryFilter",
                r.conditionalOperator(), r.projectionExpression(), r.attributesToGet(), r.keyConditionExpression(),
                r.keyConditions(), r.expressionAttributeNames(), r.expressionAttributeValues());
        if (r.keyConditionExpression() == null && r.keyConditions() == null) {
            throw DynamoException.validation("Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.");
        }
        ReadRules.checkSelect(r);
        TableCatalog.Entry table = TableNames.ofRead(engine, ctx, r.tableName());
        ReadTarget target;
        try {
            target = ReadRules.target(table, r);
        } catch (io.basalt.error.DynamoException noSuchIndex) {
            // perhaps an index created through another node within the second: ask the store
            table = TableNames.ofItemRequest(engine, ctx, r.tableName());
            target = ReadRules.target(table, r);
        }
        KeyShape keys = target.keys();
        KeyConditionSpec spec = ex.keyCondition() != null
                ? KeyConditions.fromExpression(ex.keyCondition().condition(), keys)
                : KeyConditions.fromLegacy(r.keyConditions(), keys);
        for (String name : ex.filterNames()) {
            if (keys.isKeyAttribute(name)) {
                throw DynamoException.validation((r.filterExpression() != null ? "Filter Expression" : "QueryFilter")
                        + " can only contain non-primary key attributes: Primary key attribute: " + name);
            }
        }
        ReadRules.checkFilterProjected(target, r, ex.filterNames(), ex.projection());
        ReadRules.checkStartKey(target, r.exclusiveStartKey());
        boolean forward = r.scanIndexForward() == null || r.scanIndexForward();
        KeyRange range = spec.range(target.id(), forward);
        if (r.exclusiveStartKey() != null) {
            byte[] start = target.storageKey(r.exclusiveStartKey());
            byte[] partition = KeyCodec.compositePrefix(target.id(), spec.partitionValues(), java.util.List.of());
            if (!Arrays.equals(partition, 0, partition.length, start, 0, Math.min(start.length, partition.length))) {
                throw DynamoException.validation("The provided starting key is invalid: The provided key element does not match the schema");
            }
            range = forward
                    ? new KeyRange(max(range.from(), KeyCodec.successor(start)), range.to(), false)
                    : new KeyRange(range.from(), min(range.to(), start), true);
        }
        int limit = r.limit() == null ? Integer.MAX_VALUE : (int) Math.min(Integer.MAX_VALUE, r.limit());
        // on a network thread every storage read must come before the admission (see inlineable());
        // LSI pages that fetch from the table read after it, so they go to a worker
        if (MemoryOnlyReads.active() && ReadRules.fetchFromTable(target, r, ex.projection())) throw ReadWouldBlock.INSTANCE;
        PageReader.Page page = ReadRules.readPage(out, engine.pages(), r, target, range, limit, ex.filter(), ex.projection());
        TableCapacity cap = engine.capacity().of(table);
        Partition part = ReadRules.admit(cap, ctx, target, cap == null ? 0 : PartitionHash.of(spec.partitionValues()), spec.partitionValues());
        ReadRules.writePage(out, r, target, page, ex.filter(), ex.projection(), engine, table, cap, part);
    }

    private static byte[] max(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b) >= 0 ? a : b;
    }

    private static byte[] min(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b) <= 0 ? a : b;
    }
}
