package io.basalt.junit5;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tables (and items) to create before tests, read from a JSON resource in one of three forms:
 * <ul>
 *   <li>an array of CreateTable requests, as the API (and {@code aws dynamodb create-table --cli-input-json}) takes them;</li>
 *   <li>{@code {"tables": [CreateTable requests], "items": {"TableName": [items in DynamoDB JSON]}}};</li>
 *   <li>a NoSQL Workbench model ({@code "DataModel"}: key attributes, GSIs, {@code TableData}).</li>
 * </ul>
 */
final class TableSetup {
    /** One table: its CreateTable request body and the items to put. */
    record Table(Map<String, Object> createTable, List<Object> items) {
        String name() {
            return (String) createTable.get("TableName");
        }
    }

    private TableSetup() {}

    /** Reads the classpath resource {@code name} (with the test class's loader). */
    static List<Table> load(Class<?> testClass, String name) {
        String path = name.startsWith("/") ? name.substring(1) : name;
        ClassLoader loader = testClass == null ? TableSetup.class.getClassLoader() : testClass.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) throw new IllegalArgumentException("@BasaltTest tables: no classpath resource " + name);
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }

    @SuppressWarnings("unchecked")
    static List<Table> parse(String json, String source) {
        Object root;
        try {
            root = MiniJson.parse(json);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(source + ": " + e.getMessage(), e);
        }
        List<Table> tables = new ArrayList<>();
        if (root instanceof List<?> list) {
            for (Object t : list) tables.add(new Table(asObject(t, source), List.of()));
        } else if (root instanceof Map<?, ?> m && m.containsKey("DataModel")) {
            for (Object t : (List<Object>) m.get("DataModel")) tables.add(fromWorkbench(asObject(t, source)));
        } else if (root instanceof Map<?, ?> m && m.containsKey("tables")) {
            Map<String, Object> items = m.get("items") == null ? Map.of() : asObject(m.get("items"), source);
            for (Object t : (List<Object>) m.get("tables")) {
                Map<String, Object> create = asObject(t, source);
                Object forTable = items.get(create.get("TableName"));
                tables.add(new Table(create, forTable == null ? List.of() : (List<Object>) forTable));
            }
        } else {
            throw new IllegalArgumentException(source + ": expected an array of CreateTable requests, {\"tables\": [...]} or a NoSQL Workbench model");
        }
        for (Table t : tables) {
            if (!(t.createTable().get("TableName") instanceof String)) throw new IllegalArgumentException(source + ": a table without TableName");
        }
        return tables;
    }

    /** Creates the tables and puts their items. */
    static void apply(DynamoDbHttp dynamo, List<Table> tables) {
        for (Table t : tables) {
            dynamo.call("CreateTable", t.createTable());
            for (Object item : t.items()) {
                Map<String, Object> put = new LinkedHashMap<>();
                put.put("TableName", t.name());
                put.put("Item", item);
                dynamo.call("PutItem", put);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static Table fromWorkbench(Map<String, Object> model) {
        Map<String, Object> create = new LinkedHashMap<>();
        create.put("TableName", model.get("TableName"));
        Map<String, String> types = new LinkedHashMap<>();
        create.put("KeySchema", keySchema((Map<String, Object>) model.get("KeyAttributes"), types));
        List<Object> gsis = new ArrayList<>();
        for (Object o : (List<Object>) model.getOrDefault("GlobalSecondaryIndexes", List.of())) {
            Map<String, Object> gsi = (Map<String, Object>) o;
            Map<String, Object> index = new LinkedHashMap<>();
            index.put("IndexName", gsi.get("IndexName"));
            index.put("KeySchema", keySchema((Map<String, Object>) gsi.get("KeyAttributes"), types));
            index.put("Projection", gsi.getOrDefault("Projection", Map.of("ProjectionType", "ALL")));
            gsis.add(index);
        }
        List<Object> definitions = new ArrayList<>();
        types.forEach((name, type) -> definitions.add(Map.of("AttributeName", name, "AttributeType", type)));
        create.put("AttributeDefinitions", definitions);
        if (!gsis.isEmpty()) create.put("GlobalSecondaryIndexes", gsis);
        Object capacity = model.get("ProvisionedCapacitySettings");
        if ("PROVISIONED".equals(model.get("BillingMode")) && capacity instanceof Map<?, ?> c && c.get("ProvisionedThroughput") != null) {
            create.put("BillingMode", "PROVISIONED");
            create.put("ProvisionedThroughput", c.get("ProvisionedThroughput"));
            // the model gives one throughput; a provisioned table's indexes each need theirs
            for (Object index : gsis) ((Map<String, Object>) index).put("ProvisionedThroughput", c.get("ProvisionedThroughput"));
        } else {
            create.put("BillingMode", "PAY_PER_REQUEST");
        }
        List<Object> items = (List<Object>) model.getOrDefault("TableData", List.of());
        return new Table(create, items);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> keySchema(Map<String, Object> keys, Map<String, String> types) {
        List<Object> schema = new ArrayList<>();
        for (String part : List.of("PartitionKey", "SortKey")) {
            Map<String, Object> key = (Map<String, Object>) keys.get(part);
            if (key == null) continue;
            String name = (String) key.get("AttributeName");
            types.put(name, (String) key.get("AttributeType"));
            schema.add(Map.of("AttributeName", name, "KeyType", part.equals("PartitionKey") ? "HASH" : "RANGE"));
        }
        return schema;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Object o, String source) {
        if (o instanceof Map<?, ?> m) return (Map<String, Object>) m;
        throw new IllegalArgumentException(source + ": expected a JSON object, found " + MiniJson.write(o));
    }
}
