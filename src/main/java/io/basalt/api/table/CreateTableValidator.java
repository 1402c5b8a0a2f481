package io.basalt.api.table;

import io.basalt.api.common.Constraints;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.OnDemandLimits;
import io.basalt.engine.catalog.Throughput;
import io.basalt.error.DynamoException;
import io.basalt.model.AttrType;
import io.basalt.model.KeyShape;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/** CreateTable's rules, in the service's order: member constraints, then the semantic checks. */
final class CreateTableValidator {
    static final String BILLING_MODE_ENUM = "[PROVISIONED, PAY_PER_REQUEST]";
    static final String PROJECTION_TYPE_ENUM = "[ALL, KEYS_ONLY, INCLUDE]";
    // the service's order (DDB-TABLE-035, live 2026-10-08)
    static final String STREAM_VIEW_TYPE_ENUM = "[OLD_IMAGE, KEYS_ONLY, NEW_AND_OLD_IMAGES, NEW_IMAGE]";
    static final String TABLE_CLASS_ENUM = "[STANDARD, STANDARD_INFREQUENT_ACCESS]";
    static final int MAX_LSIS = io.basalt.model.ServiceLimits.LOCAL_INDEXES;
    static final int MAX_GSIS = io.basalt.model.ServiceLimits.GLOBAL_INDEXES;

    /** The validated parts of the request. */
    record Validated(Map<String, AttrType> attributes, KeyShape keys, String billingMode, Throughput throughput,
                     List<IndexDefinition> lsis, List<IndexDefinition> gsis, OnDemandLimits onDemand,
                     io.basalt.engine.catalog.WarmThroughput warm, List<io.basalt.engine.catalog.VectorIndexDefinition> vectors) {}

    private CreateTableValidator() {}

    static void constraints(CreateTableRequest r) {
        // a missing TableName is refused before the member constraints, in the service's required-parameter words
        if (r.tableName() == null) {
            throw DynamoException.validation("The parameter 'TableName' is required but was not present in the request");
        }
        Constraints c = new Constraints();
        c.tableName(r.tableName(), "tableName");
        c.notNull(r.attributeDefinitions(), "attributeDefinitions");
        attributeDefinitionConstraints(c, r.attributeDefinitions());
        c.notNull(r.keySchema(), "keySchema");
        KeySchemaRules.constraints(c, r.keySchema(), "keySchema");
        c.enumValue(r.billingMode(), "billingMode", BILLING_MODE_ENUM);
        throughputConstraints(c, r.provisionedThroughput(), "provisionedThroughput");
        // the global indexes' errors come before the local ones' whatever the request's order (live 2026-10-09,
        // paritysuite tests/tier3/validation-ordering/createTable)
        indexConstraints(c, r.globalSecondaryIndexes(), "globalSecondaryIndexes", 2 * KeySchemaRules.MAX_PARTS_PER_KIND);
        indexConstraints(c, r.localSecondaryIndexes(), "localSecondaryIndexes", 2);
        if (r.streamSpecification() != null) {
            c.notNull(r.streamSpecification().streamEnabled(), "streamSpecification.streamEnabled")
             .enumValue(r.streamSpecification().streamViewType(), "streamSpecification.streamViewType", STREAM_VIEW_TYPE_ENUM);
        }
        VectorIndexRules.constraints(c, r.vectorIndexes(), "vectorIndexes");
        c.enumValue(r.tableClass(), "tableClass", TABLE_CLASS_ENUM);
        SseRules.constraints(c, r.sseSpecification());
        c.check();
    }

    /** The member constraints of AttributeDefinitions (CreateTable and UpdateTable). */
    static void attributeDefinitionConstraints(Constraints c, List<TableJson.AttributeDefinition> definitions) {
        if (definitions == null) return;
        for (int i = 0; i < definitions.size(); i++) {
            TableJson.AttributeDefinition a = definitions.get(i);
            String p = "attributeDefinitions." + (i + 1) + ".member";
            c.notNull(a.attributeName(), p + ".attributeName")
             .minLength(a.attributeName(), p + ".attributeName", 1)
             .maxLength(a.attributeName(), p + ".attributeName", 255)
             .notNull(a.attributeType(), p + ".attributeType")
             .enumValue(a.attributeType(), p + ".attributeType", KeySchemaRules.ATTRIBUTE_TYPE_ENUM);
        }
    }

    static void throughputConstraints(Constraints c, TableJson.ProvisionedThroughput t, String path) {
        if (t == null) return;
        // the service names writeCapacityUnits first (DDB-TABLE-038, live 2026-10-08)
        c.notNull(t.writeCapacityUnits(), path + ".writeCapacityUnits")
         .min(t.writeCapacityUnits(), path + ".writeCapacityUnits", 1)
         .notNull(t.readCapacityUnits(), path + ".readCapacityUnits")
         .min(t.readCapacityUnits(), path + ".readCapacityUnits", 1);
    }

    private static void indexConstraints(Constraints c, List<TableJson.IndexSpec> indexes, String path, int maxKeyElements) {
        if (indexes == null) return;
        for (int i = 0; i < indexes.size(); i++) {
            TableJson.IndexSpec x = indexes.get(i);
            String p = path + "." + (i + 1) + ".member";
            c.notNull(x.indexName(), p + ".indexName").tableName(x.indexName(), p + ".indexName");
            c.notNull(x.keySchema(), p + ".keySchema");
            KeySchemaRules.constraints(c, x.keySchema(), p + ".keySchema", maxKeyElements);
            c.notNull(x.projection(), p + ".projection");
            projectionAndThroughputConstraints(c, x, p);
        }
    }

    /** Constraints on an index's projection type and throughput; {@code p} is the index's member path. */
    static void projectionAndThroughputConstraints(Constraints c, TableJson.IndexSpec x, String p) {
        if (x.projection() != null) {
            c.enumValue(x.projection().projectionType(), p + ".projection.projectionType", PROJECTION_TYPE_ENUM)
             .minSize(x.projection().nonKeyAttributes(), p + ".projection.nonKeyAttributes", 1);
        }
        throughputConstraints(c, x.provisionedThroughput(), p + ".provisionedThroughput");
    }

    static Validated semantics(CreateTableRequest r, LongSupplier ids) {
        Map<String, AttrType> attributes = new LinkedHashMap<>();
        for (TableJson.AttributeDefinition a : r.attributeDefinitions()) {
            if (attributes.put(a.attributeName(), AttrType.ofTag(a.attributeType())) != null) {
                // DDB-TABLE-042h/i (live 2026-10-08)
                throw DynamoException.validation("Attribute Name is duplicated: " + a.attributeName());
            }
        }
        KeyShape keys = KeySchemaRules.shape(r.keySchema(), attributes, null);
        String billing = r.billingMode() == null ? "PROVISIONED" : r.billingMode();
        Throughput throughput = billingThroughput(billing, r.provisionedThroughput(), null);
        boolean payPerRequest = "PAY_PER_REQUEST".equals(billing);
        OnDemandLimits onDemand = OnDemandRules.forCreate(r.onDemandThroughput(), payPerRequest, null);
        io.basalt.engine.catalog.WarmThroughput warm = WarmRules.forCreate(r.warmThroughput(), payPerRequest, throughput, null);

        Set<String> used = new HashSet<>();
        used.add(keys.hashName());
        if (keys.hasRange()) used.add(keys.rangeName());
        Set<String> indexNames = new HashSet<>();

        List<IndexDefinition> lsis = new ArrayList<>();
        if (r.localSecondaryIndexes() != null) {
            if (r.localSecondaryIndexes().isEmpty()) {
                throw DynamoException.validation("One or more parameter values were invalid: List of LocalSecondaryIndexes is empty");
            }
            if (!keys.hasRange()) {
                throw DynamoException.validation("One or more parameter values were invalid: Table KeySchema does not have a range key, which is required when specifying a LocalSecondaryIndex");
            }
            if (r.localSecondaryIndexes().size() > MAX_LSIS) {
                throw DynamoException.validation("One or more parameter values were invalid: Number of LocalSecondaryIndexes exceeds per-table limit of " + MAX_LSIS);
            }
            for (TableJson.IndexSpec x : r.localSecondaryIndexes()) {
                KeyShape ik = KeySchemaRules.shape(x.keySchema(), attributes, x.indexName());
                if (!ik.hasRange()) {
                    throw DynamoException.validation("One or more parameter values were invalid: Index KeySchema does not have a range key for index: " + x.indexName());
                }
                if (!ik.hashName().equals(keys.hashName())) {
                    throw DynamoException.validation("One or more parameter values were invalid: Index KeySchema does not have the same leading hash key as table KeySchema for index: "
                            + x.indexName() + ". index hash key: " + ik.hashName() + ", table hash key: " + keys.hashName());
                }
                checkDuplicate(indexNames, x.indexName());
                used.add(ik.rangeName());
                lsis.add(new IndexDefinition(x.indexName(), ids.getAsLong(), false, ik, projectionType(x),
                        nonKey(x, keys, ik), Throughput.ON_DEMAND, OnDemandLimits.NONE, IndexDefinition.ACTIVE));
            }
        }
        List<IndexDefinition> gsis = new ArrayList<>();
        if (r.globalSecondaryIndexes() != null) {
            if (r.globalSecondaryIndexes().isEmpty()) {
                throw DynamoException.validation("One or more parameter values were invalid: List of GlobalSecondaryIndexes is empty");
            }
            if (r.globalSecondaryIndexes().size() > MAX_GSIS) {
                throw DynamoException.validation("One or more parameter values were invalid: GlobalSecondaryIndex count exceeds the per-table limit of " + MAX_GSIS);
            }
            for (TableJson.IndexSpec x : r.globalSecondaryIndexes()) {
                KeyShape ik = KeySchemaRules.globalIndexShape(x.keySchema(), attributes, x.indexName());
                checkDuplicate(indexNames, x.indexName());
                Throughput it = billingThroughput(billing, x.provisionedThroughput(), x.indexName());
                for (KeyShape.Part part : ik.parts()) used.add(part.name());
                gsis.add(new IndexDefinition(x.indexName(), ids.getAsLong(), true, ik, projectionType(x),
                        nonKey(x, keys, ik), it, OnDemandRules.forCreate(x.onDemandThroughput(), payPerRequest, x.indexName()),
                        IndexDefinition.ACTIVE, WarmRules.forCreate(x.warm(), payPerRequest, it, x.indexName())));
            }
        }
        List<io.basalt.engine.catalog.VectorIndexDefinition> vectors = VectorIndexRules.forCreate(r.vectorIndexes(), attributes,
                payPerRequest, indexNames, ids);
        used.addAll(VectorIndexRules.schemaAttributes(vectors));
        KeySchemaRules.allDefinitionsUsed(attributes, used, !lsis.isEmpty() || !gsis.isEmpty() || !vectors.isEmpty());
        TableJson.StreamSpecification s = r.streamSpecification();
        // DDB-TABLE-035 (live 2026-10-08)
        if (s != null && Boolean.TRUE.equals(s.streamEnabled()) && s.streamViewType() == null) {
            throw DynamoException.validation("One or more parameter values were invalid: Table is being created with a stream enabled, UpdateViewType is required");
        }
        if (s != null && Boolean.FALSE.equals(s.streamEnabled()) && s.streamViewType() != null) {
            throw DynamoException.validation("One or more parameter values were invalid: Table is being created with a stream disabled, UpdateViewType should not be specified");
        }
        return new Validated(attributes, keys, billing, throughput, lsis, gsis, onDemand, warm, vectors);
    }

    private static void checkDuplicate(Set<String> names, String name) {
        if (!names.add(name)) {
            throw DynamoException.validation("One or more parameter values were invalid: Duplicate index name: " + name);
        }
    }

    /** Throughput for a billing mode, with the service's messages (index name null for the table). */
    static Throughput billingThroughput(String billing, TableJson.ProvisionedThroughput t, String indexName) {
        if ("PAY_PER_REQUEST".equals(billing)) {
            if (t != null) {
                if (indexName != null) {
                    throw DynamoException.validation("One or more parameter values were invalid: ProvisionedThroughput should not be specified for index: "
                            + indexName + " when BillingMode is PAY_PER_REQUEST");
                }
                throw DynamoException.validation("One or more parameter values were invalid: Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
            }
            return Throughput.ON_DEMAND;
        }
        if (t == null) {
            if (indexName != null) {
                // DDB-TABLE-128b (live 2026-10-08)
                throw DynamoException.validation("One or more parameter values were invalid: ProvisionedThroughput is not specified for index: " + indexName);
            }
            throw DynamoException.validation("One or more parameter values were invalid: ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is PROVISIONED");
        }
        return Throughput.of(t.readCapacityUnits(), t.writeCapacityUnits());
    }

    static String projectionType(TableJson.IndexSpec x) {
        String type = x.projection().projectionType();
        if (type == null) throw DynamoException.validation("One or more parameter values were invalid: Unknown ProjectionType: null");
        return type;
    }

    static List<String> nonKey(TableJson.IndexSpec x, KeyShape table, KeyShape index) {
        List<String> nonKey = x.projection().nonKeyAttributes();
        String type = projectionType(x);
        if ("INCLUDE".equals(type)) {
            if (nonKey == null || nonKey.isEmpty()) {
                throw DynamoException.validation("One or more parameter values were invalid: ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
            }
            if (nonKey.size() > 100) {
                throw DynamoException.validation("One or more parameter values were invalid: The number of projected attributes in all indexes exceeds the limit of 100");
            }
            return List.copyOf(nonKey);
        }
        if (nonKey != null) {
            // DDB-TABLE-126c/d (live 2026-10-08)
            throw DynamoException.validation("One or more parameter values were invalid: ProjectionType is " + type + ", but NonKeyAttributes is specified");
        }
        return List.of();
    }
}
