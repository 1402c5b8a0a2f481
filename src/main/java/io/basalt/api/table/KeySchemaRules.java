package io.basalt.api.table;

import io.basalt.api.common.Constraints;
import io.basalt.error.DynamoException;
import io.basalt.model.AttrType;
import io.basalt.model.KeyShape;
import java.util.List;
import java.util.Map;

/** Checks of KeySchema lists (table and index), with the service's messages. */
final class KeySchemaRules {
    static final String KEY_TYPE_ENUM = "[HASH, RANGE]";
    static final String ATTRIBUTE_TYPE_ENUM = "[B, N, S]";
    /** The service's text (sic) for a table key whose attributes are not all distinctly defined. */
    private static final String TABLE_KEY_UNDEFINED = "Invalid KeySchema: Some index key attribute have no definition";

    private KeySchemaRules() {}

    /** Most attributes of each kind in a global secondary index's multi-attribute key. */
    static final int MAX_PARTS_PER_KIND = 4;

    static void constraints(Constraints c, List<TableJson.KeyElement> keySchema, String path) {
        constraints(c, keySchema, path, 2);
    }

    static void constraints(Constraints c, List<TableJson.KeyElement> keySchema, String path, int maxElements) {
        if (keySchema == null) return;
        c.minSize(keySchema, path, 1);
        if (keySchema.size() > maxElements) {
            c.violation(shown(keySchema), path, "Member must have length less than or equal to " + maxElements);
        }
        for (int i = 0; i < keySchema.size(); i++) {
            TableJson.KeyElement k = keySchema.get(i);
            String p = path + "." + (i + 1) + ".member";
            c.notNull(k.attributeName(), p + ".attributeName")
             .minLength(k.attributeName(), p + ".attributeName", 1)
             .maxLength(k.attributeName(), p + ".attributeName", 255)
             .notNull(k.keyType(), p + ".keyType")
             .enumValue(k.keyType(), p + ".keyType", KEY_TYPE_ENUM);
        }
    }

    /** The list as the service echoes it: "[KeySchemaElement(attributeName=pk, keyType=HASH), ...]". */
    private static String shown(List<TableJson.KeyElement> keySchema) {
        StringBuilder sb = new StringBuilder("[");
        for (TableJson.KeyElement k : keySchema) {
            if (sb.length() > 1) sb.append(", ");
            sb.append("KeySchemaElement(attributeName=").append(k.attributeName()).append(", keyType=").append(k.keyType()).append(')');
        }
        return sb.append(']').toString();
    }

    /**
     * A global secondary index's key: one to four HASH elements followed by up to four RANGE
     * elements (multi-attribute keys), all distinct and defined.
     */
    static KeyShape globalIndexShape(List<TableJson.KeyElement> keySchema, Map<String, AttrType> defined, String indexName) {
        boolean twoHash = keySchema.size() == 2 && "HASH".equals(keySchema.get(0).keyType()) && "HASH".equals(keySchema.get(1).keyType());
        // the multi-attribute key texts (DDB-TABLE-123, live 2026-10-08; captured as fragments)
        if (keySchema.stream().map(TableJson.KeyElement::attributeName).distinct().count() < keySchema.size()) {
            throw DynamoException.validation("One or more parameter values were invalid: The KeySchema contains multiple key attributes with the same name");
        }
        if (keySchema.size() <= 2 && !twoHash) return shape(keySchema, defined, indexName);
        if (!"HASH".equals(keySchema.get(0).keyType())) {
            throw DynamoException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        }
        List<KeyShape.Part> hash = new java.util.ArrayList<>(), range = new java.util.ArrayList<>();
        java.util.Set<String> names = new java.util.HashSet<>();
        StringBuilder missing = new StringBuilder();
        for (TableJson.KeyElement k : keySchema) {
            if ("HASH".equals(k.keyType())) {
                if (!range.isEmpty()) {
                    throw DynamoException.validation("One or more parameter values were invalid: All HASH key attributes must precede RANGE key attributes in the KeySchema");
                }
                hash.add(new KeyShape.Part(k.attributeName(), defined.get(k.attributeName())));
            } else {
                range.add(new KeyShape.Part(k.attributeName(), defined.get(k.attributeName())));
            }
            if (!names.add(k.attributeName())) {
                throw DynamoException.validation("Invalid KeySchema: Some index key attributes are duplicated: " + k.attributeName());
            }
            if (!defined.containsKey(k.attributeName())) {
                if (missing.length() > 0) missing.append(", ");
                missing.append(k.attributeName());
            }
        }
        if (hash.isEmpty()) throw DynamoException.validation("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
        if (hash.size() > MAX_PARTS_PER_KIND || range.size() > MAX_PARTS_PER_KIND) {
            throw DynamoException.validation("One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of "
                    + (hash.size() > MAX_PARTS_PER_KIND ? "HASH" : "RANGE") + " key attributes");
        }
        if (missing.length() > 0) {
            throw DynamoException.validation("One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: ["
                    + missing + "], AttributeDefinitions: " + defined.keySet());
        }
        return new KeyShape(hash, range);
    }

    /** Validates element order and builds the shape; every key attribute must be defined. */
    static KeyShape shape(List<TableJson.KeyElement> keySchema, Map<String, AttrType> defined, String indexNameOrNull) {
        TableJson.KeyElement hash = keySchema.get(0);
        if (!"HASH".equals(hash.keyType())) {
            throw DynamoException.validation(prefix(indexNameOrNull) + "The first KeySchemaElement is not a HASH key type");
        }
        TableJson.KeyElement range = keySchema.size() > 1 ? keySchema.get(1) : null;
        if (range != null) {
            if (range.attributeName().equals(hash.attributeName())) {
                // a table key naming one attribute twice counts as an undefined one (an index keeps the older text)
                throw DynamoException.validation(indexNameOrNull == null ? TABLE_KEY_UNDEFINED
                        : prefix(indexNameOrNull) + "Both the Hash Key and the Range Key element in the KeySchema have the same name");
            }
            if (!"RANGE".equals(range.keyType())) {
                throw DynamoException.validation(prefix(indexNameOrNull) + "The second KeySchemaElement is not a RANGE key type");
            }
        }
        StringBuilder missing = new StringBuilder();
        for (TableJson.KeyElement k : keySchema) {
            if (!defined.containsKey(k.attributeName())) {
                if (missing.length() > 0) missing.append(", ");
                missing.append(k.attributeName());
            }
        }
        if (missing.length() > 0 && indexNameOrNull == null) {
            throw DynamoException.validation(TABLE_KEY_UNDEFINED);
        }
        if (missing.length() > 0) {
            throw DynamoException.validation("One or more parameter values were invalid: Some index key attributes are not defined in AttributeDefinitions. Keys: ["
                    + missing + "], AttributeDefinitions: " + defined.keySet().toString());
        }
        return new KeyShape(hash.attributeName(), defined.get(hash.attributeName()),
                range == null ? null : range.attributeName(), range == null ? null : defined.get(range.attributeName()));
    }

    private static String prefix(String indexName) {
        return "Invalid KeySchema: ";
    }

    /** Attribute definitions must all be used by some key (table or index). */
    static void allDefinitionsUsed(Map<String, AttrType> defined, java.util.Set<String> used, boolean hasIndexes) {
        if (used.containsAll(defined.keySet())) return;
        if (!hasIndexes) {
            throw DynamoException.validation("One or more parameter values were invalid: Number of attributes in KeySchema does not exactly match number of attributes defined in AttributeDefinitions");
        }
        throw DynamoException.validation("One or more parameter values were invalid: Some AttributeDefinitions are not used. AttributeDefinitions: "
                + new java.util.TreeSet<>(defined.keySet()) + ", keys used: " + new java.util.TreeSet<>(used));
    }
}
