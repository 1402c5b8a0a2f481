package io.basalt.model;

import io.basalt.error.DynamoException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The key of a table or index: partition (HASH) attributes and optional sort (RANGE) attributes,
 * each S, N or B. Tables and local indexes have one of each at most; global secondary indexes may
 * have up to four of each (multi-attribute keys), compared in order. Validates keys and items with
 * the service's messages.
 */
public record KeyShape(List<Part> hashParts, List<Part> rangeParts) {
    public static final int MAX_HASH_KEY_BYTES = ServiceLimits.PARTITION_KEY_BYTES;
    public static final int MAX_RANGE_KEY_BYTES = ServiceLimits.SORT_KEY_BYTES;

    /** One key attribute. */
    public record Part(String name, AttrType type) {}

    public KeyShape {
        hashParts = List.copyOf(hashParts);
        rangeParts = List.copyOf(rangeParts);
    }

    /** A single-attribute key (rangeName null for a hash-only key). */
    public KeyShape(String hashName, AttrType hashType, String rangeName, AttrType rangeType) {
        this(List.of(new Part(hashName, hashType)), rangeName == null ? List.of() : List.of(new Part(rangeName, rangeType)));
    }

    public String hashName() { return hashParts.get(0).name(); }
    public AttrType hashType() { return hashParts.get(0).type(); }
    public String rangeName() { return rangeParts.isEmpty() ? null : rangeParts.get(0).name(); }
    public AttrType rangeType() { return rangeParts.isEmpty() ? null : rangeParts.get(0).type(); }

    public boolean hasRange() {
        return !rangeParts.isEmpty();
    }

    /** Whether the key has more than one partition or sort attribute. */
    public boolean multiAttribute() {
        return hashParts.size() > 1 || rangeParts.size() > 1;
    }

    public boolean isKeyAttribute(String name) {
        for (Part p : hashParts) if (p.name().equals(name)) return true;
        for (Part p : rangeParts) if (p.name().equals(name)) return true;
        return false;
    }

    /** Number of key attributes. */
    public int size() {
        return hashParts.size() + rangeParts.size();
    }

    /** Every key attribute, partition attributes first. */
    public List<Part> parts() {
        List<Part> all = new ArrayList<>(hashParts);
        all.addAll(rangeParts);
        return all;
    }

    /**
     * Checks the key attributes of a whole item (PutItem): present, of the declared type, not empty,
     * within size limits.
     */
    public void validateItem(Map<String, AttributeValue> item) {
        for (Part p : parts()) checkItemAttribute(item, p.name(), p.type());
        checkSizes(item);
    }

    /**
     * Whether {@link #validateItem} would first find a key attribute of the wrong type (rather than a
     * missing one): callers that word that case differently ask before validating.
     */
    public boolean mistypedBeforeMissing(Map<String, AttributeValue> item) {
        for (Part p : parts()) {
            AttributeValue v = item.get(p.name());
            if (v == null) return false;
            if (v.type() != p.type()) return true;
        }
        return false;
    }

    /** Whether an item holds every key attribute with its declared type (values not checked). */
    public boolean holdsKeyAttributes(Map<String, AttributeValue> item) {
        for (Part p : parts()) {
            AttributeValue v = item.get(p.name());
            if (v == null || v.type() != p.type()) return false;
        }
        return true;
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
        if (!matchesSchema(key)) throw schemaMismatch();
        for (Part p : parts()) checkNotEmpty(p.name(), key.get(p.name()));
        checkSizes(key);
    }

    /** Whether {@code key} holds exactly the key attributes with their declared types (values not checked). */
    public boolean matchesSchema(Map<String, AttributeValue> key) {
        if (key == null || key.size() != size()) return false;
        for (Part p : parts()) {
            AttributeValue v = key.get(p.name());
            if (v == null || v.type() != p.type()) return false;
        }
        return true;
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
        if (ItemSize.of(item.get(hashName())) > MAX_HASH_KEY_BYTES) {
            throw DynamoException.validation("One or more parameter values were invalid: Size of hashkey has exceeded the maximum size limit of" + MAX_HASH_KEY_BYTES + " bytes");
        }
        if (hasRange() && ItemSize.of(item.get(rangeName())) > MAX_RANGE_KEY_BYTES) {
            throw DynamoException.validation("One or more parameter values were invalid: Aggregated size of all range keys has exceeded the size limit of " + MAX_RANGE_KEY_BYTES + " bytes");
        }
    }

    /** The key attributes of an item, in schema order (partition attributes, then sort attributes). */
    public Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
        if (size() == 1) return Map.of(hashName(), item.get(hashName()));
        Map<String, AttributeValue> k = new LinkedHashMap<>(size() * 2);
        for (Part p : parts()) k.put(p.name(), item.get(p.name()));
        return k;
    }

    /** The partition attribute values of an item, in order. */
    public List<AttributeValue> hashValues(Map<String, AttributeValue> item) {
        List<AttributeValue> out = new ArrayList<>(hashParts.size());
        for (Part p : hashParts) out.add(item.get(p.name()));
        return out;
    }

    /** The sort attribute values of an item, in order. */
    public List<AttributeValue> rangeValues(Map<String, AttributeValue> item) {
        List<AttributeValue> out = new ArrayList<>(rangeParts.size());
        for (Part p : rangeParts) out.add(item.get(p.name()));
        return out;
    }
}
