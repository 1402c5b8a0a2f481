package io.basalt.api.batch;

import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.item.ItemExpressions;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.expression.Projection;
import io.basalt.model.AttributeValue;
import io.basalt.model.Values;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every check of a BatchGetItem request, in the service's order, before anything is read:
 * parameters, table names and key counts, the total count, then each table's projection and keys
 * (key schema, duplicates).
 */
final class BatchGetItemValidator {
    private BatchGetItemValidator() {}

    /** The tables and projections of a valid request, by the name the request used. */
    record Validated(Map<String, TableCatalog.Entry> tables, Map<String, Projection> projections) {}

    /** The constraint a malformed table name breaks as a key of RequestItems (both batch operations). */
    static final String MAP_KEYS_CONSTRAINT = "Map keys must satisfy constraint: [Member must have length less than or equal to "
            + io.basalt.model.ServiceLimits.NAME_MAX + ", Member must have length greater than or equal to "
            + io.basalt.model.ServiceLimits.NAME_MIN + ", Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+]";

    static boolean malformedName(String name) {
        return new Constraints().tableNameOrArn(name, "requestItems.key").any();
    }

    static Validated validate(Engine engine, RequestContext ctx, BatchGetItem.Request r) {
        if (r.requestItems() == null) {
            throw DynamoException.validation("The requestItems parameter is required for BatchGetItem");
        }
        if (r.requestItems().isEmpty()) {
            // the newer front end (every region but me-central-1 by 2026-10-07; paritysuite registry
            // batch-get-item-empty-request-items-message) answers an empty map with its length constraint
            throw io.basalt.error.ConstraintViolations.of(io.basalt.error.ConstraintViolations.violationWithoutValue(
                    "RequestItems", "Member must have length greater than or equal to 1"));
        }
        Constraints c = new Constraints();
        // a malformed table name is one constraint on the whole map, echoed as JSON and listed before the
        // enums (live us-east-1 and eu-west-2 2026-10-09, paritysuite validation-ordering/batchOperations)
        for (String name : r.requestItems().keySet()) {
            if (malformedName(name)) {
                c.violation(echo(r.requestItems()), "requestItems", MAP_KEYS_CONSTRAINT);
                break;
            }
        }
        c.enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM);
        for (Map.Entry<String, BatchGetItem.TableKeys> e : r.requestItems().entrySet()) {
            String path = "requestItems." + e.getKey() + ".member.keys";
            // the service's newer front end checks the count: no value echoed, the member spelled as on the wire
            // (live 2026: "Value at 'RequestItems.T.member.Keys' ..." for an empty list and for over 100 keys)
            String wirePath = "RequestItems." + e.getKey() + ".member.Keys";
            c.notNull(e.getValue().keys(), path).minSizeWithoutValue(e.getValue().keys(), wirePath, 1)
             .maxSizeWithoutValue(e.getValue().keys(), wirePath, BatchGetItem.MAX_KEYS);
        }
        c.check();
        int total = 0;
        for (BatchGetItem.TableKeys t : r.requestItems().values()) total += t.keys().size();
        if (total > BatchGetItem.MAX_KEYS) throw DynamoException.validation("Too many items requested for the BatchGetItem call");

        // one table's ProjectionExpression beside another's AttributesToGet is refused as in one block (live,
        // paritysuite error-messages/batchGetItem asserts a ValidationException; the text is the one-block one)
        boolean legacy = false, expression = false;
        for (BatchGetItem.TableKeys t : r.requestItems().values()) {
            legacy |= t.attributesToGet() != null;
            expression |= t.projectionExpression() != null;
        }
        if (legacy && expression) ItemExpressions.noMixing("AttributesToGet", "ProjectionExpression");

        Map<String, TableCatalog.Entry> tables = new LinkedHashMap<>();
        Map<String, Projection> projections = new LinkedHashMap<>();
        for (Map.Entry<String, BatchGetItem.TableKeys> e : r.requestItems().entrySet()) {
            BatchGetItem.TableKeys t = e.getValue();
            ItemExpressions.ReadExpressions ex = ItemExpressions.forRead(null, null, "ScanFilter", null, t.projectionExpression(),
                    t.attributesToGet(), null, null, t.expressionAttributeNames(), null);
            projections.put(e.getKey(), ex.projection());
            TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, e.getKey());
            List<Map<String, AttributeValue>> seen = new ArrayList<>();
            for (Map<String, AttributeValue> key : t.keys()) {
                table.definition().keys().validateKey(key);
                for (Map<String, AttributeValue> k : seen) {
                    if (Values.equalMaps(k, key)) throw DynamoException.validation("Provided list of item keys contains duplicates");
                }
                seen.add(key);
            }
            tables.put(e.getKey(), table);
        }

        return new Validated(tables, projections);
    }

    /**
     * RequestItems as the newer front end echoes it: compact JSON. Only {@code {"T":{"Keys":[...]}}} is
     * captured; the other members follow in the API's order (not captured).
     */
    private static String echo(Map<String, BatchGetItem.TableKeys> requestItems) {
        java.io.StringWriter w = new java.io.StringWriter();
        try (com.fasterxml.jackson.core.JsonGenerator g = new com.fasterxml.jackson.core.JsonFactory().createGenerator(w)) {
            g.writeStartObject();
            for (Map.Entry<String, BatchGetItem.TableKeys> e : requestItems.entrySet()) {
                BatchGetItem.TableKeys t = e.getValue();
                g.writeObjectFieldStart(e.getKey());
                if (t.attributesToGet() != null) {
                    g.writeArrayFieldStart("AttributesToGet");
                    for (String a : t.attributesToGet()) g.writeString(a);
                    g.writeEndArray();
                }
                if (t.consistentRead() != null) g.writeBooleanField("ConsistentRead", t.consistentRead());
                if (t.expressionAttributeNames() != null) {
                    g.writeObjectFieldStart("ExpressionAttributeNames");
                    for (Map.Entry<String, String> n : t.expressionAttributeNames().entrySet()) g.writeStringField(n.getKey(), n.getValue());
                    g.writeEndObject();
                }
                if (t.keys() != null) {
                    g.writeArrayFieldStart("Keys");
                    for (Map<String, AttributeValue> k : t.keys()) io.basalt.wire.AttributeValueJson.writeItem(g, k);
                    g.writeEndArray();
                }
                if (t.projectionExpression() != null) g.writeStringField("ProjectionExpression", t.projectionExpression());
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (java.io.IOException impossible) {
            throw new java.io.UncheckedIOException(impossible);
        }
        return w.toString();
    }
}
