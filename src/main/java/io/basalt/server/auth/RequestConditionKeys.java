package io.basalt.server.auth;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.expression.Condition;
import io.basalt.expression.ConditionParser;
import io.basalt.expression.ExpressionContext;
import io.basalt.expression.ExpressionKind;
import io.basalt.expression.Operand;
import io.basalt.expression.Projection;
import io.basalt.expression.UpdateParser;
import io.basalt.expression.partiql.PartiqlParser;
import io.basalt.expression.partiql.PartiqlStatement;
import io.basalt.expression.partiql.WherePartitions;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import io.basalt.server.auth.policy.ContextKeys;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DynamoDB's condition keys of a request, per (action, resource) it needs (the same pairs as
 * {@link RequestResources}): {@code dynamodb:LeadingKeys} (the partition key values of the items or
 * the key condition), {@code dynamodb:Attributes} (the top-level attribute names read or written),
 * {@code dynamodb:Select}, {@code dynamodb:ReturnValues}, {@code dynamodb:ReturnConsumedCapacity}
 * and, inside TransactWriteItems / TransactGetItems, {@code dynamodb:EnclosingOperation}; PartiQL
 * statements get the keys of the operation they perform and SELECT {@code dynamodb:FullTableScan}. Accesses
 * of one action on one table are merged (their key sets united).
 *
 * <p>Fails closed: when the partition key of a key-based request cannot be determined (an unknown
 * table is refused later anyway), LeadingKeys holds a value no user name can equal.
 */
final class RequestConditionKeys {
    /** Stands for "a partition key value that could not be read". */
    static final String UNREADABLE = "\u0000unreadable-key";

    private final TableCatalog catalog;
    private final String region, account;
    private final Map<RequestResources.Access, Sets> out = new LinkedHashMap<>();

    private static final class Sets {
        final Set<String> leadingKeys = new LinkedHashSet<>();
        final Set<String> attributes = new LinkedHashSet<>();
        boolean hasLeadingKeys, hasAttributes;
        String select, returnValues, returnConsumedCapacity, enclosing, fullTableScan;
    }

    private final io.basalt.model.Namespaces namespaces;

    private RequestConditionKeys(TableCatalog catalog, String region, String account, io.basalt.model.Namespaces namespaces) {
        this.namespaces = namespaces;
        this.catalog = catalog;
        this.region = region;
        this.account = account;
    }

    /**
     * The keys of each access, to be added to the request's global keys.
     *
     * @throws BoundedRequestTree.TooLarge when the body is over the bounds of what is read
     */
    static Map<RequestResources.Access, ContextKeys> of(String operation, String region, String account,
                                                        java.util.function.Supplier<InputStream> body,
                                                        TableCatalog catalog, io.basalt.model.Namespaces namespaces) {
        RequestConditionKeys k = new RequestConditionKeys(catalog, region, account, namespaces);
        Map<String, Object> request;
        try {
            request = BoundedRequestTree.read(body);
        } catch (BoundedRequestTree.TooLarge overBounds) {
            throw overBounds; // the authorizer refuses: it cannot decide
        } catch (IOException | RuntimeException unreadable) {
            return Map.of(); // the operation refuses the body before touching anything
        }
        k.collect(operation, request);
        Map<RequestResources.Access, ContextKeys> result = new LinkedHashMap<>();
        for (Map.Entry<RequestResources.Access, Sets> e : k.out.entrySet()) {
            Sets s = e.getValue();
            ContextKeys c = new ContextKeys();
            if (s.hasLeadingKeys) c.putAll("dynamodb:LeadingKeys", s.leadingKeys);
            if (s.hasAttributes) c.putAll("dynamodb:Attributes", s.attributes);
            c.put("dynamodb:Select", s.select).put("dynamodb:ReturnValues", s.returnValues)
                    .put("dynamodb:ReturnConsumedCapacity", s.returnConsumedCapacity).put("dynamodb:EnclosingOperation", s.enclosing)
                    .put("dynamodb:FullTableScan", s.fullTableScan);
            result.put(e.getKey(), c);
        }
        return result;
    }

    private void collect(String operation, Map<String, Object> r) {
        String rcc = str(r.get("ReturnConsumedCapacity"));
        switch (operation) {
            case "GetItem", "PutItem", "UpdateItem", "DeleteItem", "Query", "Scan" -> {
                String table = str(r.get("TableName"));
                if (table == null) return;
                String resource = RequestResources.tableArn(region, account, table);
                String index = str(r.get("IndexName"));
                if (index != null && (operation.equals("Query") || operation.equals("Scan"))) resource += "/index/" + index;
                item(sets("dynamodb:" + operation, resource), operation, table, index, r, rcc, null);
            }
            case "BatchGetItem", "BatchWriteItem" -> {
                for (Map.Entry<String, Object> e : asMap(r.get("RequestItems")).entrySet()) {
                    Sets s = sets("dynamodb:" + operation, RequestResources.tableArn(region, account, e.getKey()));
                    s.returnConsumedCapacity = rcc;
                    s.hasLeadingKeys = s.hasAttributes = true;
                    if (operation.equals("BatchGetItem")) {
                        Map<String, Object> spec = asMap(e.getValue());
                        for (Object key : list(spec.get("Keys"))) addItemKeys(s, e.getKey(), null, key, true);
                        readNames(s, e.getKey(), spec);
                    } else {
                        for (Object w : list(e.getValue())) {
                            Map<String, Object> write = asMap(w);
                            Object put = asMap(write.get("PutRequest")).get("Item");
                            Object del = asMap(write.get("DeleteRequest")).get("Key");
                            if (put != null) addItemKeys(s, e.getKey(), null, put, true);
                            if (del != null) addItemKeys(s, e.getKey(), null, del, true);
                        }
                    }
                }
            }
            case "TransactWriteItems", "TransactGetItems" -> {
                for (Object t : list(r.get("TransactItems"))) {
                    for (Map.Entry<String, Object> e : asMap(t).entrySet()) {
                        Map<String, Object> a = asMap(e.getValue());
                        String table = str(a.get("TableName"));
                        if (table == null) continue;
                        String action = switch (e.getKey()) {
                            case "Put" -> "PutItem";
                            case "Update" -> "UpdateItem";
                            case "Delete" -> "DeleteItem";
                            case "ConditionCheck" -> "ConditionCheckItem";
                            default -> "GetItem";
                        };
                        Sets s = sets("dynamodb:" + action, RequestResources.tableArn(region, account, table));
                        item(s, action, table, null, a, rcc, operation);
                        s.returnValues = null; // ReturnValuesOnConditionCheckFailure is not ReturnValues
                    }
                }
            }
            case "ExecuteStatement" -> partiql(r, rcc);
            case "BatchExecuteStatement", "ExecuteTransaction" -> {
                for (Object st : list(r.get(operation.equals("ExecuteTransaction") ? "TransactStatements" : "Statements"))) {
                    partiql(asMap(st), rcc);
                }
            }
            default -> { }
        }
    }

    /**
     * The keys of one PartiQL statement, as of the single-item operation or Query/Scan it performs:
     * LeadingKeys from the item or the WHERE clause's partition key equalities, the attribute
     * names, and for SELECT {@code dynamodb:FullTableScan} (true when the WHERE clause fixes no
     * partition: IAM's way to deny PartiQL scans).
     */
    @SuppressWarnings("unchecked")
    private void partiql(Map<String, Object> r, String rcc) {
        String text = str(r.get("Statement"));
        if (text == null) return;
        List<AttributeValue> parameters = new ArrayList<>();
        for (Object v : list(r.get("Parameters"))) if (v instanceof AttributeValue av) parameters.add(av);
        PartiqlStatement statement;
        try {
            statement = PartiqlParser.parse(text, parameters);
        } catch (RuntimeException refusedByTheOperation) {
            return;
        }
        if (statement instanceof PartiqlStatement.Exists e) statement = e.select();
        String table = switch (statement) {
            case PartiqlStatement.Select sel -> sel.table();
            case PartiqlStatement.Insert i -> i.table();
            case PartiqlStatement.Update u -> u.table();
            case PartiqlStatement.Delete d -> d.table();
            case PartiqlStatement.Exists e -> e.table();
        };
        String index = statement instanceof PartiqlStatement.Select sel ? sel.index() : null;
        String resource = RequestResources.tableArn(region, account, table) + (index == null ? "" : "/index/" + index);
        String action = switch (statement) {
            case PartiqlStatement.Insert i -> "dynamodb:PartiQLInsert";
            case PartiqlStatement.Update u -> "dynamodb:PartiQLUpdate";
            case PartiqlStatement.Delete d -> "dynamodb:PartiQLDelete";
            default -> "dynamodb:PartiQLSelect";
        };
        Sets s = sets(action, resource);
        s.returnConsumedCapacity = rcc;
        s.hasAttributes = true;
        KeyShape keys = shape(table, index);
        switch (statement) {
            case PartiqlStatement.Insert i -> {
                s.hasLeadingKeys = true;
                addItemKeys(s, table, null, i.item(), true);
            }
            case PartiqlStatement.Select sel -> {
                List<List<AttributeValue>> partitions = keys == null ? null : WherePartitions.of(sel.where(), keys);
                // a scan fixes no partition: like Scan, it has no LeadingKeys (deny it with FullTableScan)
                s.fullTableScan = String.valueOf(partitions == null || "true".equals(s.fullTableScan));
                s.select = sel.projection() == null ? "ALL_ATTRIBUTES" : "SPECIFIC_ATTRIBUTES";
                if (sel.projection() != null) for (io.basalt.expression.Path p : sel.projection()) s.attributes.add(p.topName());
                if (keys == null) {
                    s.hasLeadingKeys = true;
                    s.leadingKeys.add(UNREADABLE);
                } else if (partitions != null) {
                    s.hasLeadingKeys = true;
                    for (List<AttributeValue> partition : partitions) for (AttributeValue v : partition) s.leadingKeys.add(text(v));
                }
            }
            default -> { // UPDATE and DELETE name one item by its key
                s.hasLeadingKeys = true;
                io.basalt.expression.Condition where = statement instanceof PartiqlStatement.Update u ? u.where()
                        : ((PartiqlStatement.Delete) statement).where();
                List<List<AttributeValue>> partitions = keys == null ? null : WherePartitions.of(where, keys);
                if (partitions == null || partitions.isEmpty()) s.leadingKeys.add(UNREADABLE);
                else for (List<AttributeValue> partition : partitions) for (AttributeValue v : partition) s.leadingKeys.add(text(v));
                if (statement instanceof PartiqlStatement.Update u) s.attributes.addAll(u.action().topNames());
            }
        }
        s.leadingKeys.remove(null);
    }

    private Sets sets(String action, String resource) {
        return out.computeIfAbsent(new RequestResources.Access(action, resource), a -> new Sets());
    }

    /** The keys of one single-item request, Query or Scan (also one action of a transaction). */
    private void item(Sets s, String operation, String table, String index, Map<String, Object> r, String rcc, String enclosing) {
        s.returnConsumedCapacity = rcc;
        s.enclosing = enclosing;
        s.select = str(r.get("Select"));
        s.returnValues = str(r.get("ReturnValues"));
        if (s.select == null && (r.get("ProjectionExpression") != null || r.get("AttributesToGet") != null)) s.select = "SPECIFIC_ATTRIBUTES";
        s.hasAttributes = true;
        switch (operation) {
            case "Scan" -> readNames(s, table, r);
            case "Query" -> {
                s.hasLeadingKeys = true;
                s.leadingKeys.addAll(queryPartitionValues(table, index, r));
                readNames(s, table, r);
            }
            case "PutItem" -> {
                s.hasLeadingKeys = true;
                addItemKeys(s, table, index, r.get("Item"), true);
            }
            case "UpdateItem" -> {
                s.hasLeadingKeys = true;
                addItemKeys(s, table, index, r.get("Key"), true);
                for (String n : asMap(r.get("AttributeUpdates")).keySet()) s.attributes.add(n);
                String update = str(r.get("UpdateExpression"));
                if (update != null) {
                    try {
                        s.attributes.addAll(UpdateParser.parse(update, context(r)).topNames());
                    } catch (RuntimeException invalid) {
                        // refused by the operation
                    }
                }
            }
            default -> { // GetItem, DeleteItem, ConditionCheckItem
                s.hasLeadingKeys = true;
                addItemKeys(s, table, index, r.get("Key"), true);
                readNames(s, table, r);
            }
        }
    }

    /** Projection names (ProjectionExpression or AttributesToGet). */
    private static void readNames(Sets s, String table, Map<String, Object> r) {
        for (Object n : list(r.get("AttributesToGet"))) if (n instanceof String name) s.attributes.add(name);
        String projection = str(r.get("ProjectionExpression"));
        if (projection != null) {
            try {
                s.attributes.addAll(Projection.parse(projection, context(r)).topNames());
            } catch (RuntimeException invalid) {
                // refused by the operation
            }
        }
    }

    /** The partition value(s) of an item or key, and (with names) its attribute names. */
    private void addItemKeys(Sets s, String table, String index, Object itemOrKey, boolean names) {
        KeyShape shape = shape(table, index);
        if (!(itemOrKey instanceof Map<?, ?> item)) {
            s.leadingKeys.add(UNREADABLE);
            return;
        }
        if (names) for (Object n : item.keySet()) s.attributes.add((String) n);
        if (shape == null) {
            s.leadingKeys.add(UNREADABLE);
            return;
        }
        for (KeyShape.Part part : shape.hashParts()) {
            String v = text(item.get(part.name()));
            s.leadingKeys.add(v == null ? UNREADABLE : v);
        }
    }

    /** The values the partition key is compared with (=) in a Query's key condition. */
    private List<String> queryPartitionValues(String table, String index, Map<String, Object> r) {
        KeyShape shape = shape(table, index);
        List<String> values = new ArrayList<>();
        if (shape == null) return List.of(UNREADABLE);
        Set<String> hashNames = new LinkedHashSet<>();
        for (KeyShape.Part p : shape.hashParts()) hashNames.add(p.name());
        Map<String, Object> legacy = asMap(r.get("KeyConditions"));
        for (String h : hashNames) {
            Map<String, Object> c = asMap(legacy.get(h));
            List<Object> l = list(c.get("AttributeValueList"));
            if ("EQ".equals(str(c.get("ComparisonOperator"))) && l.size() == 1) values.add(text(l.get(0)));
        }
        String kce = str(r.get("KeyConditionExpression"));
        if (kce != null) {
            try {
                equalities(ConditionParser.parse(kce, ExpressionKind.KEY_CONDITION, context(r)).condition(), hashNames, values);
            } catch (RuntimeException invalid) {
                // refused by the operation
            }
        }
        values.removeIf(v -> v == null);
        return values.isEmpty() ? List.of(UNREADABLE) : values;
    }

    private static void equalities(Condition c, Set<String> hashNames, List<String> values) {
        if (c instanceof Condition.And and) {
            equalities(and.left(), hashNames, values);
            equalities(and.right(), hashNames, values);
        } else if (c instanceof Condition.Compare cmp && cmp.op().equals("=")) {
            if (cmp.left() instanceof Operand.PathOperand p && cmp.right() instanceof Operand.Literal l && isHash(p, hashNames)) {
                values.add(text(l.value()));
            } else if (cmp.right() instanceof Operand.PathOperand p && cmp.left() instanceof Operand.Literal l && isHash(p, hashNames)) {
                values.add(text(l.value()));
            }
        }
    }

    private static boolean isHash(Operand.PathOperand p, Set<String> hashNames) {
        return p.path().elements().size() == 1 && hashNames.contains(p.path().topName());
    }

    private KeyShape shape(String tableNameOrArn, String index) {
        io.basalt.api.common.ResourceArns.TableRef table;
        try {
            table = io.basalt.api.common.ResourceArns.table(region, account, tableNameOrArn);
        } catch (io.basalt.error.DynamoException refusedBeforeThis) {
            return null;
        }
        TableCatalog.Entry e = catalog.find(namespaces.of(table.account(), table.region()), table.name());
        if (e == null) return null;
        TableDefinition t = e.definition();
        if (index == null) return t.keys();
        IndexDefinition i = t.index(index);
        return i == null ? null : i.keys();
    }

    @SuppressWarnings("unchecked")
    private static ExpressionContext context(Map<String, Object> r) {
        Map<String, String> names = new HashMap<>();
        for (Map.Entry<String, Object> e : asMap(r.get("ExpressionAttributeNames")).entrySet()) {
            if (e.getValue() instanceof String s) names.put(e.getKey(), s);
        }
        Object values = r.get("ExpressionAttributeValues");
        return new ExpressionContext(names, values instanceof Map<?, ?> m ? (Map<String, AttributeValue>) m : Map.of());
    }

    /** An S, N or B value as IAM sees it (N as its text, B in base64); null for other types. */
    private static String text(Object v) {
        return switch (v) {
            case AttributeValue.S s -> s.value();
            case AttributeValue.N n -> n.value().toString();
            case AttributeValue.B b -> Base64.getEncoder().encodeToString(b.value());
            case null, default -> null;
        };
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object o) {
        return o instanceof List<?> l ? (List<Object>) l : List.of();
    }

    private static String str(Object o) {
        return o instanceof String s ? s : null;
    }
}
