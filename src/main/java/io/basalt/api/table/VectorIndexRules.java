package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.common.Constraints;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.error.DynamoException;
import io.basalt.model.AttrType;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Vector index definitions as CreateTable's VectorIndexes and UpdateTable's VectorIndexUpdates
 * Create send them: their shapes, member constraints and the semantic checks (API Reference
 * VectorIndex / CreateVectorIndexAction; Developer Guide "Requirements and limitations").
 */
final class VectorIndexRules {
    static final String DISTANCE_ENUM = "[COSINE, DOT_PRODUCT, EUCLIDEAN]";
    static final String SCHEMA_TYPE_ENUM = "[HASH, INLINE_FILTER]";
    static final int MAX_PER_TABLE = 5;
    static final long MAX_DIMENSIONS = 4096;
    static final int MAX_INLINE_FILTERS = 18;
    private static final String INVALID = "One or more parameter values were invalid: ";

    record SchemaElement(String attributeName, String type) {}

    record Spec(String indexName, String vectorAttribute, boolean vectorAttributeSent, List<SchemaElement> searchSchema,
                TableJson.Projection projection, Long dimensions, String distanceFunction) {}

    /** One element of VectorIndexUpdates: a Create or a Delete (its IndexName; "" when sent without one). */
    record Update(Spec create, String delete) {}

    private VectorIndexRules() {}

    private static final Member<String> INDEX_NAME = Member.string("IndexName");
    private static final Member<String> ATTRIBUTE_NAME = Member.string("AttributeName");
    private static final Member<String> SCHEMA_TYPE = Member.string("SearchSchemaElementType");
    private static final Structure VECTOR_ATTRIBUTE_SHAPE = Structure.of(ATTRIBUTE_NAME);
    private static final Structure SCHEMA_ELEMENT = Structure.of(ATTRIBUTE_NAME, SCHEMA_TYPE);
    private static final Member<Members> VECTOR_ATTRIBUTE = Member.structure("VectorAttribute", VECTOR_ATTRIBUTE_SHAPE);
    private static final Member<List<SchemaElement>> SEARCH_SCHEMA = Member.of("SearchSchema", p -> JsonIn.list(p, q -> {
        Members m = SCHEMA_ELEMENT.readOrEmpty(q);
        return new SchemaElement(m.get(ATTRIBUTE_NAME), m.get(SCHEMA_TYPE));
    }));
    private static final Member<TableJson.Projection> PROJECTION = Member.of("Projection", TableJson::projection);
    private static final Member<Long> DIMENSIONS = Member.integer("Dimensions");
    private static final Member<String> DISTANCE_FUNCTION = Member.string("DistanceFunction");
    private static final Structure SPEC = Structure.of(INDEX_NAME, VECTOR_ATTRIBUTE, SEARCH_SCHEMA, PROJECTION, DIMENSIONS,
            DISTANCE_FUNCTION);
    private static final Member<Spec> CREATE = Member.of("Create", VectorIndexRules::spec);
    private static final Structure DELETE_SHAPE = Structure.of(INDEX_NAME);
    private static final Member<String> DELETE = Member.of("Delete", p -> {
        String name = DELETE_SHAPE.readOrEmpty(p).get(INDEX_NAME);
        return name == null ? "" : name;
    });
    private static final Structure UPDATE = Structure.of(CREATE, DELETE);

    static Spec spec(JsonParser p) throws IOException {
        Members m = SPEC.readOrEmpty(p);
        Members attribute = m.get(VECTOR_ATTRIBUTE);
        return new Spec(m.get(INDEX_NAME), attribute == null ? null : attribute.get(ATTRIBUTE_NAME), attribute != null,
                m.get(SEARCH_SCHEMA), m.get(PROJECTION), m.get(DIMENSIONS), m.get(DISTANCE_FUNCTION));
    }

    static List<Spec> specs(JsonParser p) throws IOException {
        return JsonIn.list(p, VectorIndexRules::spec);
    }

    static List<Update> updates(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Members m = UPDATE.readOrEmpty(q);
            return new Update(m.get(CREATE), m.get(DELETE));
        });
    }

    /** The member constraints of one index; {@code path} is its member path (e.g. "vectorIndexes.1.member"). */
    static void constraints(Constraints c, Spec s, String path) {
        c.notNull(s.indexName(), path + ".indexName").tableName(s.indexName(), path + ".indexName");
        c.notNull(s.vectorAttributeSent() ? "" : null, path + ".vectorAttribute");
        if (s.vectorAttributeSent()) c.notNull(s.vectorAttribute(), path + ".vectorAttribute.attributeName");
        c.minSize(s.searchSchema(), path + ".searchSchema", 1);
        if (s.searchSchema() != null) {
            for (int i = 0; i < s.searchSchema().size(); i++) {
                SchemaElement e = s.searchSchema().get(i);
                String p = path + ".searchSchema." + (i + 1) + ".member";
                c.notNull(e.attributeName(), p + ".attributeName").maxLength(e.attributeName(), p + ".attributeName", 65535)
                 .notNull(e.type(), p + ".searchSchemaElementType").enumValue(e.type(), p + ".searchSchemaElementType", SCHEMA_TYPE_ENUM);
            }
        }
        c.notNull(s.projection(), path + ".projection");
        if (s.projection() != null) {
            c.enumValue(s.projection().projectionType(), path + ".projection.projectionType", CreateTableValidator.PROJECTION_TYPE_ENUM)
             .minSize(s.projection().nonKeyAttributes(), path + ".projection.nonKeyAttributes", 1);
        }
        c.notNull(s.dimensions(), path + ".dimensions").min(s.dimensions(), path + ".dimensions", 1);
        c.notNull(s.distanceFunction(), path + ".distanceFunction").enumValue(s.distanceFunction(), path + ".distanceFunction", DISTANCE_ENUM);
    }

    static void constraints(Constraints c, List<Spec> specs, String path) {
        if (specs == null) return;
        for (int i = 0; i < specs.size(); i++) constraints(c, specs.get(i), path + "." + (i + 1) + ".member");
    }

    /**
     * The definition of a new index, checked against the table it goes to.
     *
     * @param payPerRequest whether the table is on demand (vector indexes need it)
     * @param existing the table's vector indexes (and those defined before this one in the same request)
     * @param usedNames every index name of the table so far
     */
    static VectorIndexDefinition define(Spec s, Map<String, AttrType> attributes, boolean payPerRequest,
                                        List<VectorIndexDefinition> existing, Collection<String> usedNames, LongSupplier ids,
                                        String status, boolean backfilling) {
        if (!payPerRequest) {
            throw DynamoException.validation(INVALID + "Vector indexes are supported only for tables in PAY_PER_REQUEST billing mode");
        }
        if (s.dimensions() > MAX_DIMENSIONS) {
            throw DynamoException.validation(INVALID + "Dimensions for vector index " + s.indexName() + " must be between 1 and "
                    + MAX_DIMENSIONS);
        }
        if (usedNames.contains(s.indexName())) {
            throw DynamoException.validation(INVALID + "Duplicate index name: " + s.indexName());
        }
        List<VectorIndexDefinition.SchemaElement> schema = new ArrayList<>();
        int hashes = 0, filters = 0;
        if (s.searchSchema() != null) {
            for (SchemaElement e : s.searchSchema()) {
                if (!attributes.containsKey(e.attributeName())) {
                    throw DynamoException.validation(INVALID + "One element in SearchSchema is not defined in attribute definitions");
                }
                if (VectorIndexDefinition.HASH.equals(e.type())) hashes++;
                else filters++;
                schema.add(new VectorIndexDefinition.SchemaElement(e.attributeName(), e.type()));
            }
        }
        if (hashes > 1) {
            throw DynamoException.validation(INVALID + "SearchSchema of vector index " + s.indexName() + " has more than one HASH element");
        }
        if (filters > MAX_INLINE_FILTERS) {
            throw DynamoException.validation(INVALID + "SearchSchema of vector index " + s.indexName() + " has more than "
                    + MAX_INLINE_FILTERS + " INLINE_FILTER elements");
        }
        for (VectorIndexDefinition v : existing) {
            if (v.vectorAttribute().equals(s.vectorAttribute()) && v.dimensions() != s.dimensions()) {
                throw DynamoException.validation(INVALID + "Vector indexes on attribute " + s.vectorAttribute()
                        + " must all have the same number of dimensions");
            }
        }
        // the projection's rules and texts are those of secondary indexes
        TableJson.IndexSpec asIndex = new TableJson.IndexSpec(s.indexName(), null, s.projection(), null, null, null);
        String type = CreateTableValidator.projectionType(asIndex);
        List<String> nonKey = CreateTableValidator.nonKey(asIndex, null, null);
        return new VectorIndexDefinition(s.indexName(), ids.getAsLong(), s.vectorAttribute(), s.dimensions(), s.distanceFunction(),
                schema, type, nonKey, status, backfilling);
    }

    /** CreateTable's VectorIndexes (CREATING until their pass over the, still empty, table is done). */
    static List<VectorIndexDefinition> forCreate(List<Spec> specs, Map<String, AttrType> attributes, boolean payPerRequest,
                                                 Set<String> usedNames, LongSupplier ids) {
        List<VectorIndexDefinition> out = new ArrayList<>();
        if (specs == null) return out;
        if (specs.isEmpty()) throw DynamoException.validation(INVALID + "List of VectorIndexes is empty");
        if (specs.size() > MAX_PER_TABLE) {
            throw DynamoException.validation(INVALID + "Number of VectorIndexes exceeds per-table limit of " + MAX_PER_TABLE);
        }
        for (Spec s : specs) {
            VectorIndexDefinition v = define(s, attributes, payPerRequest, out, usedNames, ids, IndexDefinition.CREATING, false);
            usedNames.add(s.indexName());
            out.add(v);
        }
        return out;
    }

    /** The attribute names the vector indexes' search schemas use (they keep their AttributeDefinitions). */
    static Set<String> schemaAttributes(List<VectorIndexDefinition> indexes) {
        Set<String> out = new java.util.HashSet<>();
        for (VectorIndexDefinition v : indexes) for (VectorIndexDefinition.SchemaElement e : v.searchSchema()) out.add(e.attributeName());
        return out;
    }

    /** Every index name of a table (LSIs, GSIs, vector indexes). */
    static Set<String> indexNames(TableDefinition t) {
        Set<String> out = new java.util.HashSet<>();
        for (IndexDefinition i : t.localIndexes()) out.add(i.name());
        for (IndexDefinition i : t.globalIndexes()) out.add(i.name());
        for (VectorIndexDefinition v : t.vectorIndexes()) out.add(v.name());
        return out;
    }
}
