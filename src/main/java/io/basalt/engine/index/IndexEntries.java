package io.basalt.engine.index;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyCodec;
import io.basalt.model.KeyShape;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an item looks like in a secondary index: its entry key and its projected attributes. An
 * item without every index key attribute is not in the index (sparse indexes).
 */
public final class IndexEntries {
    private IndexEntries() {}

    /** Whether the item has all key attributes of the index. */
    public static boolean indexed(IndexDefinition index, Map<String, AttributeValue> item) {
        if (item == null) return false;
        for (KeyShape.Part p : index.keys().parts()) {
            if (!item.containsKey(p.name())) return false;
        }
        return true;
    }

    /** The index entry's storage key. */
    public static byte[] entryKey(TableDefinition table, IndexDefinition index, Map<String, AttributeValue> item) {
        KeyShape ik = index.keys(), tk = table.keys();
        return KeyCodec.compositeIndexKey(index.indexId(), ik.hashValues(item), ik.rangeValues(item),
                item.get(tk.hashName()), tk.hasRange() ? item.get(tk.rangeName()) : null);
    }

    /** The attributes an index holds for an item: table keys, index keys and the projection. */
    public static Map<String, AttributeValue> project(TableDefinition table, IndexDefinition index, Map<String, AttributeValue> item) {
        if ("ALL".equals(index.projectionType())) return item;
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, AttributeValue> e : item.entrySet()) {
            String name = e.getKey();
            if (table.keys().isKeyAttribute(name) || index.keys().isKeyAttribute(name)
                    || ("INCLUDE".equals(index.projectionType()) && index.nonKeyAttributes().contains(name))) {
                out.put(name, e.getValue());
            }
        }
        return out;
    }

    /** Size of the index entry for write metering (0 when the item is not in the index). */
    public static long entrySize(TableDefinition table, IndexDefinition index, Map<String, AttributeValue> item) {
        return indexed(index, item) ? ItemSize.of(project(table, index, item)) : 0;
    }

    /**
     * Refuses an item whose index key attributes have the wrong type or are empty, with the
     * service's messages.
     */
    public static void validate(TableDefinition table, Map<String, AttributeValue> item) {
        for (IndexDefinition index : table.localIndexes()) validate(index, item);
        for (IndexDefinition index : table.globalIndexes()) validate(index, item);
        io.basalt.engine.vector.VectorEntries.validate(table, item);
    }

    private static void validate(IndexDefinition index, Map<String, AttributeValue> item) {
        for (KeyShape.Part p : index.keys().parts()) check(index, p.name(), p.type(), item.get(p.name()));
    }

    private static void check(IndexDefinition index, String name, io.basalt.model.AttrType type, AttributeValue v) {
        String violation = violation(index, name, type, v);
        if (violation != null) throw DynamoException.validation(violation);
    }

    /**
     * Whether a stored item belongs in the index: it has every index key attribute, each of the
     * index's type and not empty. A backfill skips the others, as the service does (a write of such
     * an item after the index exists is refused).
     */
    public static boolean fits(IndexDefinition index, Map<String, AttributeValue> item) {
        if (!indexed(index, item)) return false;
        for (KeyShape.Part p : index.keys().parts()) {
            if (violation(index, p.name(), p.type(), item.get(p.name())) != null) return false;
        }
        return true;
    }

    /** What is wrong with an index key attribute's value, or null. */
    private static String violation(IndexDefinition index, String name, io.basalt.model.AttrType type, AttributeValue v) {
        return keyViolation(index.name(), name, type, v);
    }

    /**
     * What is wrong with the value of an attribute an index keys on (a secondary index's key, a
     * vector index's search schema), in the service's words, or null.
     */
    public static String keyViolation(String indexName, String name, io.basalt.model.AttrType type, AttributeValue v) {
        if (v == null) return null;
        if (v.type() != type) {
            return "One or more parameter values were invalid: Type mismatch for Index Key "
                    + name + " Expected: " + type.tag() + " Actual: " + v.type().tag() + " IndexName: " + indexName;
        }
        boolean empty = (v instanceof AttributeValue.S s && s.value().isEmpty()) || (v instanceof AttributeValue.B b && b.value().length == 0);
        if (empty) {
            return "One or more parameter values are not valid. A value specified for a secondary index key is not supported. The AttributeValue for a key attribute cannot contain an empty "
                    + (v instanceof AttributeValue.S ? "string" : "binary") + " value. IndexName: " + indexName + ", IndexKey: " + name;
        }
        return null;
    }
}
