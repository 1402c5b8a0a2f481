package io.basalt.model;

import io.basalt.error.DynamoException;
import java.util.Map;

/**
 * The primary key of a table or index: a partition (HASH) attribute and an optional sort (RANGE)
 * attribute, each S, N or B. Validates keys and items against it with the service's messages.
 */
public record KeyShape(String hashName, AttrType hashType, String rangeName, AttrType rangeType) {
    public static final int MAX_HASH_KEY_BYTES = 2048;
    public static final int MAX_RANGE_KEY_BYTES = 1024;

    public boolean hasRange() {
        return rangeName != null;
    }

    public boolean isKeyAttribute(String name) {
        return name.equals(hashName) || name.equals(rangeName);
    }

    /** Number of key attributes (1 or 2). */
    public int size() {
        return hasRange() ? 2 : 1;
    }

    /**
     * Checks the key attributes of a whole item (PutItem): present, of the declared type, not empty,
     * within size limits.
     */
    public void validateItem(Map<String, AttributeValue> item) {
        checkItemAttribute(item, hashName, hashType);
        if (hasRange()) checkItemAttribute(item, rangeName, rangeType);
        checkSizes(item);
    }

    private static void checkItemAttribute(Map<String, AttributeValue> item, String name, AttrType type) {
        AttributeValue v = item.get(name);
        if (v == null) {
            throw DynamoException.validation("One or more parameter values were invalid: Missing the key " + name + " in the item");
        }
        if (v.type() != type) {
            throw DynamoException.validation("One or more parameter values were invalid: Type mismatch for key "
                    + name + " expected: " + type.tag() + " actual: " + v.type().tag());
        }
        checkNotEmpty(name, v);
    }

    /**
     * Checks a Key parameter (GetItem, UpdateItem, DeleteItem): exactly the key attributes, with the
     * declared types.
     */
    public void validateKey(Map<String, AttributeValue> key) {
        if (key == null || key.size() != size()) {
            throw schemaMismatch();
        }
        AttributeValue h = key.get(hashName);
        if (h == null || h.type() != hashType) throw schemaMismatch();
        if (hasRange()) {
            AttributeValue r = key.get(rangeName);
            if (r == null || r.type() != rangeType) throw schemaMismatch();
        }
        checkNotEmpty(hashName, h);
        if (hasRange()) checkNotEmpty(rangeName, key.get(rangeName));
        checkSizes(key);
    }

    public static DynamoException schemaMismatch() {
        return DynamoException.validation("The provided key element does not match the schema");
    }

    private static void checkNotEmpty(String name, AttributeValue v) {
        if (v instanceof AttributeValue.S s && s.value().isEmpty()) {
            throw DynamoException.validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty string value. Key: " + name);
        }
        if (v instanceof AttributeValue.B b && b.value().length == 0) {
            throw DynamoException.validation("One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an empty binary value. Key: " + name);
        }
    }

    private void checkSizes(Map<String, AttributeValue> item) {
        if (ItemSize.of(item.get(hashName)) > MAX_HASH_KEY_BYTES) {
            throw DynamoException.validation("One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of2048 bytes");
        }
        if (hasRange() && ItemSize.of(item.get(rangeName)) > MAX_RANGE_KEY_BYTES) {
            throw DynamoException.validation("One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of 1024 bytes");
        }
    }

    /** The key attributes of an item, in schema order (hash, then range). */
    public Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        if (!hasRange()) return Map.of(hashName, item.get(hashName));
        java.util.LinkedHashMap<String, AttributeValue> k = new java.util.LinkedHashMap<>(4);
        k.put(hashName, item.get(hashName));
        k.put(rangeName, item.get(rangeName));
        return k;
    }
}
