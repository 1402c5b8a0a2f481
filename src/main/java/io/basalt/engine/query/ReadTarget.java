package io.basalt.engine.query;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyCodec;
import io.basalt.model.KeyShape;
import io.basalt.storage.Space;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a Query or Scan reads: the base table, or one of its secondary indexes. */
public record ReadTarget(TableDefinition table, IndexDefinition index) {

    public boolean isIndex() {
        return index != null;
    }

    public Space space() {
        return index == null ? Space.ITEMS : Space.INDEXES;
    }

    /** Storage id whose key range holds the entries (table id or index id). */
    public long id() {
        return index == null ? table.id() : index.indexId();
    }

    /** The key schema queries run against. */
    public KeyShape keys() {
        return index == null ? table.keys() : index.keys();
    }

    /** LastEvaluatedKey of an entry: the table's key, plus the index's key for index reads. */
    public Map<String, AttributeValue> lastKeyOf(Map<String, AttributeValue> item) {
        if (index == null) return table.keys().keyOf(item);
        Map<String, AttributeValue> k = new LinkedHashMap<>(table.keys().keyOf(item));
        k.putAll(index.keys().keyOf(item));
        return k;
    }

    /** Whether an ExclusiveStartKey has exactly the attributes (and types) a position needs. */
    public boolean validStartKey(Map<String, AttributeValue> esk) {
        Map<String, AttributeValue> expectedNames = new LinkedHashMap<>();
        KeyShape t = table.keys();
        for (KeyShape k : index == null ? new KeyShape[] {t} : new KeyShape[] {t, index.keys()}) {
            for (KeyShape.Part p : k.parts()) {
                if (!typed(esk, p.name(), p.type())) return false;
                expectedNames.put(p.name(), null);
            }
        }
        return esk.keySet().equals(expectedNames.keySet());
    }

    private static boolean typed(Map<String, AttributeValue> m, String name, io.basalt.model.AttrType type) {
        AttributeValue v = m.get(name);
        return v != null && v.type() == type;
    }

    /** Storage key of the entry an ExclusiveStartKey names. */
    public byte[] storageKey(Map<String, AttributeValue> esk) {
        KeyShape t = table.keys();
        if (index == null) {
            return KeyCodec.itemKey(table.id(), esk.get(t.hashName()), t.hasRange() ? esk.get(t.rangeName()) : null);
        }
        KeyShape i = index.keys();
        return KeyCodec.compositeIndexKey(index.indexId(), i.hashValues(esk), i.rangeValues(esk),
                esk.get(t.hashName()), t.hasRange() ? esk.get(t.rangeName()) : null);
    }

    /** Whether the entries read hold attribute {@code name} (a table holds every attribute). */
    public boolean projects(String name) {
        return !isIndex() || "ALL".equals(index.projectionType()) || table.keys().isKeyAttribute(name)
                || index.keys().isKeyAttribute(name) || index.nonKeyAttributes().contains(name);
    }

    /**
     * Refuses a filter on attributes this index does not project (the service's words; names sorted).
     * A table, or an index projecting ALL, accepts any filter.
     */
    public void checkFilterProjected(java.util.Collection<String> filterNames) {
        if (!isIndex() || "ALL".equals(index.projectionType())) return;
        java.util.List<String> missing = new java.util.ArrayList<>();
        for (String name : filterNames) {
            if (!projects(name)) missing.add(name);
        }
        if (missing.isEmpty()) return;
        java.util.Collections.sort(missing);
        throw io.basalt.error.DynamoException.validation("One or more parameter values were invalid: Secondary index " + index.name()
                + " does not project one or more filter attributes: " + missing);
    }
}
