package io.basalt.differential;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the generator believes exists: the tables of the current epoch (key schema, indexes,
 * stream) and the keys it has written to each, so that reads, updates and conditions meet items.
 * Only the generator's own requests change it, never an answer: both endpoints get the same
 * sequence whatever they answer.
 */
final class Model {
    record Index(String name, String hash, String hashType, String range, String rangeType, boolean global) {}

    static final class Table {
        final String name;
        final String hash, hashType, range, rangeType;
        final List<Index> indexes = new ArrayList<>();
        final List<Map<String, Object>> keys = new ArrayList<>();
        boolean stream;

        Table(String name, String hash, String hashType, String range, String rangeType) {
            this.name = name;
            this.hash = hash;
            this.hashType = hashType;
            this.range = range;
            this.rangeType = rangeType;
        }

        Map<String, Object> key(Values v) {
            if (!keys.isEmpty() && v.chance(70)) return new LinkedHashMap<>(v.pick(keys));
            Map<String, Object> k = new LinkedHashMap<>();
            k.put(hash, v.keyValue(hashType));
            if (range != null) k.put(range, v.keyValue(rangeType));
            return k;
        }

        /** Remembers a key written, if it has exactly this table's key attributes. */
        void wrote(Map<String, Object> key) {
            boolean exact = key.containsKey(hash) && (range == null ? key.size() == 1 : key.size() == 2 && key.containsKey(range));
            if (exact && !keys.contains(key) && keys.size() < 40) keys.add(key);
        }
    }

    final List<Table> tables = new ArrayList<>();
    int epoch;

    Table table(Values v) {
        return v.pick(tables);
    }

    /** A table name of this epoch (the tables of a former epoch are deleted, so names never repeat). */
    String name(String base) {
        return "e" + epoch + "_" + base;
    }
}
