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
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.query.KeyRange;
import io.basalt.engine.query.PageReader;
import io.basalt.engine.query.ReadTarget;
import io.basalt.engine.query.ScanSegments;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.Projection;
import io.basalt.model.KeyCodec;
import java.io.IOException;

/** Scan: walks the table in partition-hash order; parallel scans split the hash space into segments. */
public final class Scan implements Operation<ReadRequest> {
    private final Engine engine;

    public Scan(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "Scan"; }

    @Override
    public ReadRequest parse(JsonParser p) throws IOException {
        return ReadRequest.parse(p);
    }

    @Override
    public void execute(RequestContext ctx, ReadRequest r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints();
        ReadRules.commonConstraints(c, r, false);
        c.min(r.segment(), "segment", 0).max(r.segment(), "segment", 999_999)
         .min(r.totalSegments(), "totalSegments", 1).max(r.totalSegments(), "totalSegments", 1_000_000).check();
        if (r.segment() != null && r.totalSegments() == null) {
            throw DynamoException.validation("The TotalSegments parameter is required but was not present in the request when Segment parameter is present");
        }
        if (r.totalSegments() != null && r.segment() == null) {
            throw DynamoException.validation("The Segment parameter is required but was not present in the request when parameter TotalSegments is present");
        }
        if (r.segment() != null && r.segment() >= r.totalSegments()) {
            throw DynamoException.validation("The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: "
                    + r.segment() + " is not less than TotalSegments: " + r.totalSegments());
        }
        ItemExpressions.ReadExpressions ex = ItemExpressions.forRead(r.filterExpression(), r.scanFilter(), "ScanFilter",
                r.conditionalOperator(), r.projectionExpression(), r.attributesToGet(), null, null,
                r.expressionAttributeNames(), r.expressionAttributeValues());
        ReadRules.checkSelect(r);
        TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, r.tableName());
        ReadTarget target = ReadRules.target(table, r);
        // no projected-filter check here: an unkeyed index read filters the index entries (see ReadRules)
        ReadRules.checkStartKey(target, r.exclusiveStartKey());
        long id = target.id();
        KeyRange range = r.segment() == null
                ? ScanSegments.whole(id)
                : ScanSegments.segment(id, r.segment().intValue(), r.totalSegments().intValue());
        if (r.exclusiveStartKey() != null) {
            range = ScanSegments.after(range, target.storageKey(r.exclusiveStartKey()), r.segment(), r.totalSegments());
        }
        int limit = r.limit() == null ? Integer.MAX_VALUE : (int) Math.min(Integer.MAX_VALUE, r.limit());
        // a Scan page is charged to the partition it starts in
        TableCapacity cap = engine.capacity().of(table);
        Partition part = ReadRules.admit(cap, ctx, target, range.from().length >= 16 ? KeyCodec.hashOf(range.from()) : 0, null);
        PageReader.Page page = ReadRules.readPage(out, engine.pages(), r, target, range, limit, ex.filter(), ex.projection());
        ReadRules.writePage(out, r, target, page, ex.filter(), ex.projection(), engine, table, cap, part);
    }
}
