package io.basalt.engine.vector;

import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.error.DynamoException;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an item is in a vector index: its embedding (a list of numbers of the index's dimensions,
 * read at 32-bit precision), whether it belongs in the index at all, and the attributes the index
 * holds for it. Items without a valid embedding, or without the index's HASH attribute, are not
 * in the index (the Developer Guide's data sync rules); writes of an embedding of the wrong size
 * are refused, as the service refuses them.
 */
public final class VectorEntries {
    private VectorEntries() {}

    /** The embedding of {@code item} for {@code index}, or null when it has none of the right form and size. */
    public static float[] embedding(VectorIndexDefinition index, Map<String, AttributeValue> item) {
        if (item == null) return null;
        return vector(item.get(index.vectorAttribute()), index.dimensions());
    }

    /** A list of {@code dimensions} numbers as floats, or null when {@code v} is anything else. */
    public static float[] vector(AttributeValue v, long dimensions) {
        if (!(v instanceof AttributeValue.L l) || l.value().size() != dimensions) return null;
        return floats(l.value());
    }

    /** The numbers of a list as floats, or null when one element is no number (or overflows a float). */
    public static float[] floats(List<AttributeValue> values) {
        float[] out = new float[values.size()];
        for (int i = 0; i < out.length; i++) {
            if (!(values.get(i) instanceof AttributeValue.N n)) return null;
            float f = Float.parseFloat(n.value().toString());
            if (Float.isInfinite(f)) return null;
            out[i] = f;
        }
        return out;
    }

    /** Whether a stored item is in the index: a valid embedding, and the HASH attribute when the index has one. */
    public static boolean indexed(VectorIndexDefinition index, Map<String, AttributeValue> item) {
        if (embedding(index, item) == null) return false;
        String hash = index.hashAttribute();
        return hash == null || item.containsKey(hash);
    }

    /**
     * Refuses a write whose embedding is a list of numbers of another size than an index's
     * dimensions, or whose search-schema attribute has another type than its definition or is an
     * empty string or binary.
     */
    public static void validate(TableDefinition table, Map<String, AttributeValue> item) {
        for (VectorIndexDefinition index : table.vectorIndexes()) {
            AttributeValue v = item.get(index.vectorAttribute());
            if (v instanceof AttributeValue.L l && l.value().size() != index.dimensions() && floats(l.value()) != null) {
                throw DynamoException.validation("One or more parameter values were invalid: Invalid size for parameter "
                        + index.vectorAttribute() + ", Expected: " + index.dimensions() + ", Actual: " + l.value().size()
                        + ". IndexName: " + index.name());
            }
            for (VectorIndexDefinition.SchemaElement e : index.searchSchema()) {
                checkSchemaAttribute(table, index, e.attributeName(), item.get(e.attributeName()));
            }
        }
    }

    private static void checkSchemaAttribute(TableDefinition table, VectorIndexDefinition index, String name, AttributeValue v) {
        AttrType type = table.attributeDefinitions().get(name);
        if (type == null) return;
        String violation = io.basalt.engine.index.IndexEntries.keyViolation(index.name(), name, type, v);
        if (violation != null) throw DynamoException.validation(violation);
    }

    /**
     * The attributes the index holds for an item: the table's keys, the search-schema attributes
     * and the projection. The embedding itself is left out, even under ALL, unless {@code withVector}
     * (a ProjectionExpression names it).
     */
    public static Map<String, AttributeValue> project(TableDefinition table, VectorIndexDefinition index, Map<String, AttributeValue> item,
                                                      boolean withVector) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        KeyShape keys = table.keys();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String name = e.getKey();
            boolean held = "ALL".equals(index.projectionType()) || keys.isKeyAttribute(name) || inSchema(index, name)
                    || ("INCLUDE".equals(index.projectionType()) && index.nonKeyAttributes().contains(name));
            if (name.equals(index.vectorAttribute())) held = withVector;
            if (held) out.put(name, e.getValue());
        }
        return out;
    }

    private static boolean inSchema(VectorIndexDefinition index, String name) {
        for (VectorIndexDefinition.SchemaElement e : index.searchSchema()) if (e.attributeName().equals(name)) return true;
        return false;
    }
}
