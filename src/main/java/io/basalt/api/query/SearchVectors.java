package io.basalt.api.query;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.engine.vector.ExactVectorSearch;
import io.basalt.engine.vector.VectorEntries;
import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.expression.ConditionParser;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.ExpressionKind;
import io.basalt.expression.Projection;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * SearchVectors: the TopK items of a vector index closest to a query vector, by the index's
 * distance function, with exact (brute-force) search over the table's items. The search
 * condition takes equality on search-schema attributes only, joined by AND; the index's HASH
 * attribute must be among them when it has one. Results carry the index's projection (without
 * the embedding unless the ProjectionExpression names it) and their Score.
 */
public final class SearchVectors implements Operation<SearchVectors.Request> {
    static final int MAX_TOP_K = 100;

    record Request(String tableName, String indexName, String returnConsumedCapacity, Map<String, String> names,
                   Map<String, AttributeValue> values, String projectionExpression, List<AttributeValue> searchVector,
                   String searchConditionExpression, Long topK) {}

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<String> INDEX_NAME = Member.string("IndexName");
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<Map<String, AttributeValue>> VALUES = Member.of("ExpressionAttributeValues", AttributeValueJson::readValueMap);
    private static final Member<String> PROJECTION_EXPRESSION = Member.string("ProjectionExpression");
    private static final Member<List<AttributeValue>> SEARCH_VECTOR = Member.of("SearchVector", p -> JsonIn.list(p, AttributeValueJson::read));
    private static final Member<String> SEARCH_CONDITION_EXPRESSION = Member.string("SearchConditionExpression");
    private static final Member<Long> TOP_K = Member.integer("TopK");
    private static final Structure SHAPE = Structure.of(TABLE_NAME, INDEX_NAME, RETURN_CONSUMED_CAPACITY, NAMES, VALUES,
            PROJECTION_EXPRESSION, SEARCH_VECTOR, SEARCH_CONDITION_EXPRESSION, TOP_K);

    private final Engine engine;

    public SearchVectors(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "SearchVectors"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_NAME), m.get(INDEX_NAME), m.get(RETURN_CONSUMED_CAPACITY), m.get(NAMES), m.get(VALUES),
                m.get(PROJECTION_EXPRESSION), m.get(SEARCH_VECTOR), m.get(SEARCH_CONDITION_EXPRESSION), m.get(TOP_K));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.tableName(), "tableName").tableNameOrArn(r.tableName(), "tableName")
                .notNull(r.indexName(), "indexName").tableName(r.indexName(), "indexName")
                .notNull(r.searchVector(), "searchVector")
                .notNull(r.topK(), "topK")
                .enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM).check();
        if (r.topK() < 1 || r.topK() > MAX_TOP_K) {
            throw DynamoException.validation("Provided TopK value '" + r.topK() + "' is out of valid range. The value must be between 1 and "
                    + MAX_TOP_K + " inclusive");
        }
        TableCatalog.Entry table = TableNames.ofItemRequest(engine, ctx, r.tableName());
        TableDefinition t = table.definition();
        VectorIndexDefinition index = t.vectorIndex(r.indexName());
        if (index == null) throw DynamoException.validation("The table does not have the specified index: " + r.indexName());
        if (!index.active()) throw DynamoException.validation("Cannot search backfilling vector index: " + index.name());
        float[] query = VectorEntries.floats(r.searchVector());
        if (query == null) {
            throw DynamoException.validation("One or more parameter values were invalid: SearchVector must contain only numbers (N)");
        }
        if (query.length != index.dimensions()) {
            throw DynamoException.validation("Input search vector dimension " + query.length + " does not match vector index dimension "
                    + index.dimensions());
        }
        ExpressionContext ex = new ExpressionContext(r.names(), r.values());
        Condition condition = r.searchConditionExpression() == null ? null
                : ConditionParser.parse(r.searchConditionExpression(), ExpressionKind.SEARCH_CONDITION, ex).condition();
        SearchConditions.check(index, condition);
        Projection projection = r.projectionExpression() == null ? null : Projection.parse(r.projectionExpression(), ex);
        ex.checkAllUsed();
        boolean withVector = projection != null && projection.topNames().contains(index.vectorAttribute());

        ExactVectorSearch.Result result = engine.vectorSearch().search(t, index, query, r.topK().intValue(), condition);
        long bytes = result.examined() * index.dimensions() * 4;
        out.writeStartObject();
        out.writeArrayFieldStart("SearchResults");
        for (ExactVectorSearch.Hit h : result.hits()) {
            Map<String, AttributeValue> item = VectorEntries.project(t, index, h.item(), withVector);
            if (projection != null) item = projection.apply(item);
            bytes += ItemSize.of(item);
            out.writeStartObject();
            out.writeFieldName("Item");
            AttributeValueJson.writeItem(out, item);
            out.writeNumberField("Score", h.score());
            out.writeEndObject();
        }
        out.writeEndArray();
        if (ConsumedCapacityWriter.wanted(r.returnConsumedCapacity())) {
            // a VectorCapacity: bytes examined and returned, at least 1 KB a request (Developer Guide, vector index monitoring)
            out.writeObjectFieldStart("ConsumedCapacity");
            out.writeNumberField("VectorSearchRequestBytes", (double) Math.max(1024, bytes));
            out.writeEndObject();
        }
        out.writeEndObject();
    }
}
