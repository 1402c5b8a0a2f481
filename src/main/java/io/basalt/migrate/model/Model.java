package io.basalt.migrate.model;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A migration model (docs/migration.md, "The model file"): entities read from the source, the
 * DynamoDB tables and indexes they land in, and the application's access patterns.
 */
public record Model(String source, List<Entity> entities, List<Table> tables, List<AccessPattern> accessPatterns) {

    /** Rows of a source query that become items of one table. */
    public record Entity(String name, String query, String table, Long rows, Size itemSize, Size averageItemSize,
                         Map<String, String> key, List<Attribute> attributes) {
        /** Every attribute name the entity's items carry (key attributes first). */
        public List<String> attributeNames() {
            List<String> names = new ArrayList<>(key.keySet());
            for (Attribute a : attributes) {
                if (!names.contains(a.name())) names.add(a.name());
            }
            return names;
        }

        public Optional<Attribute> attribute(String name) {
            return attributes.stream().filter(a -> a.name().equals(name)).findFirst();
        }
    }

    /** An item attribute: its value template over the source columns, its type and, optionally, its typical size. */
    public record Attribute(String name, String from, String type, Size size) {}

    public record KeyAttribute(String name, String type) {}

    public enum Projection { ALL, KEYS_ONLY, INCLUDE }

    public record Index(String name, boolean global, KeyAttribute partitionKey, KeyAttribute sortKey,
                        Projection projection, List<String> nonKeyAttributes) {}

    public record Table(String name, KeyAttribute partitionKey, KeyAttribute sortKey, List<Index> indexes) {
        public Optional<Index> index(String indexName) {
            return indexes.stream().filter(i -> i.name().equals(indexName)).findFirst();
        }

        public List<String> keyAttributeNames() {
            return sortKey == null ? List.of(partitionKey.name()) : List.of(partitionKey.name(), sortKey.name());
        }
    }

    public enum Operation {
        GetItem, Query, Scan, BatchGetItem, TransactGetItems, PutItem, UpdateItem, DeleteItem, BatchWriteItem,
        TransactWriteItems;

        public boolean isRead() {
            return ordinal() <= TransactGetItems.ordinal();
        }
    }

    /**
     * One request the application makes, {@code frequency} times per second. {@code items} is the
     * number of items one request reads or writes; {@code updates} the attributes an UpdateItem sets.
     */
    public record AccessPattern(String name, String description, Operation operation, String table, String index,
                                String keyCondition, String filter, BigDecimal frequency, boolean stronglyConsistent,
                                BigDecimal items, Size itemSize, String entity, List<String> updates) {}

    public Optional<Table> table(String name) {
        return tables.stream().filter(t -> t.name().equals(name)).findFirst();
    }

    public Optional<Entity> entity(String name) {
        return entities.stream().filter(e -> e.name().equals(name)).findFirst();
    }

    public List<Entity> entitiesOf(String tableName) {
        return entities.stream().filter(e -> tableName.equals(e.table())).toList();
    }
}
