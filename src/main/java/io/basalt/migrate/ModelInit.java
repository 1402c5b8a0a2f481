package io.basalt.migrate;

import io.basalt.migrate.model.ModelLoader;
import io.basalt.model.ItemSize;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code basalt migrate model init}: proposes a single-table model from an analysis — each table an
 * entity; a table with a foreign key in its parent's item collection; an association table (its
 * primary key two foreign keys) as an adjacency list with an inverted GSI; one access pattern per
 * natural read, with placeholder frequencies to edit.
 */
final class ModelInit {
    private ModelInit() {}

    static final String HELP = """
            Usage: basalt migrate model init --analysis FILE [--table NAME] [--out FILE]

            Proposes a model file (YAML) from an analysis (analysis.json of basalt migrate analyze): one
            table NAME (default Main) keyed PK/SK, each analysed table an entity (item size = its p95),
            foreign keys as item collections, association tables as adjacency lists with an inverted GSI1,
            and access patterns with frequency 1 per second to edit before model check and estimate.
            """;

    static int run(List<String> args, PrintStream out, PrintStream err) throws IOException {
        Args a = new Args(args, Set.of("analysis", "table", "out"), Set.of());
        String file = a.required("analysis");
        Map<String, Object> analysis = ModelLoader.map(ModelLoader.readTree(Files.readString(Path.of(file)), file), file);
        String yaml = propose(analysis, a.get("table", "Main"));
        if (a.get("out") != null) err.println("model written to " + a.get("out") + "; edit the frequencies, then: basalt migrate model check --model " + a.get("out"));
        return MigrateCommand.write(a.get("out"), yaml, out);
    }

    @SuppressWarnings("unchecked")
    static String propose(Map<String, Object> analysis, String tableName) {
        StringBuilder entities = new StringBuilder("entities:\n");
        StringBuilder patterns = new StringBuilder("accessPatterns:           # frequencies are placeholders: put the application's rates per second\n");
        boolean gsi = false;
        Set<String> parents = new java.util.HashSet<>(); // tables other analysed tables refer to: their items head a collection
        for (Object o : ModelLoader.list(analysis.get("entities"), "entities")) {
            for (Object f : ModelLoader.list(ModelLoader.map(o, "entity").get("foreignKeys"), "foreignKeys")) {
                parents.add(String.valueOf(ModelLoader.map(f, "foreignKey").get("references")).toUpperCase(Locale.ROOT));
            }
        }
        for (Object o : ModelLoader.list(analysis.get("entities"), "entities")) {
            Map<String, Object> e = ModelLoader.map(o, "entity");
            String name = String.valueOf(e.get("name"));
            String prefix = name.toUpperCase(Locale.ROOT);
            List<Map<String, Object>> columns = (List<Map<String, Object>>) e.get("columns");
            List<String> declared = (List<String>) e.getOrDefault("primaryKey", List.of());
            boolean keyless = declared.isEmpty() && "table".equals(e.get("kind"));
            // no primary key: only all the (never NULL) columns together can tell the rows apart (model check --source says whether they do)
            List<String> pk = declared.isEmpty() && !columns.isEmpty()
                    ? keyless ? columns.stream().filter(c -> ((Number) c.getOrDefault("nullShare", 0)).doubleValue() == 0) // a NULL key part skips the row
                            .map(c -> String.valueOf(c.get("name"))).toList() : List.of(String.valueOf(columns.get(0).get("name")))
                    : declared;
            Map<String, String> fkTarget = new HashMap<>();
            for (Object f : ModelLoader.list(e.get("foreignKeys"), "foreignKeys")) {
                Map<String, Object> fk = ModelLoader.map(f, "foreignKey");
                List<String> cols = (List<String>) fk.get("columns");
                if (cols.size() == 1) fkTarget.put(cols.get(0), String.valueOf(fk.get("references")).toUpperCase(Locale.ROOT));
            }
            String pkTemplate, skTemplate;
            List<String[]> extra = new ArrayList<>();
            if (pk.size() == 2 && fkTarget.containsKey(pk.get(0)) && fkTarget.containsKey(pk.get(1))) { // adjacency list
                pkTemplate = fkTarget.get(pk.get(0)) + "#{" + pk.get(0) + "}";
                skTemplate = fkTarget.get(pk.get(1)) + "#{" + pk.get(1) + "}";
                extra.add(new String[] {"GSI1PK", skTemplate});
                extra.add(new String[] {"GSI1SK", pkTemplate});
                gsi = true;
                pattern(patterns, "list-" + name + "-by-" + pk.get(0), "Query", null, "PK = :" + pk.get(0), name, "10");
                pattern(patterns, "list-" + name + "-by-" + pk.get(1), "Query", "GSI1", "GSI1PK = :" + pk.get(1), name, "10");
            } else {
                // a table others refer to heads its own collection (its children's PK is its key): it is not put under its own parent
                String fkCol = parents.contains(prefix) ? null
                        : fkTarget.keySet().stream().filter(c -> !pk.contains(c) || pk.size() > 1).sorted().findFirst().orElse(null);
                if (fkCol != null) { // in the parent's item collection; the sort key does not repeat the partition key's column
                    pkTemplate = fkTarget.get(fkCol) + "#{" + fkCol + "}";
                    List<String> rest = pk.size() > 1 ? pk.stream().filter(c -> !c.equals(fkCol)).toList() : pk;
                    skTemplate = prefix + "#" + rest.stream().map(c -> "{" + c + "}").reduce((x, y) -> x + "#" + y).orElse("");
                    pattern(patterns, "list-" + name + "-of-" + fkTarget.get(fkCol).toLowerCase(Locale.ROOT), "Query", null,
                            "PK = :" + fkCol + " AND begins_with(SK, :prefix)", name, "10");
                } else {
                    String id = pk.stream().map(c -> "{" + c + "}").reduce((x, y) -> x + "#" + y).orElse("");
                    pkTemplate = prefix + "#" + id;
                    skTemplate = parents.contains(prefix) ? prefix : "root"; // a parent's own item in its collection
                }
                pattern(patterns, "get-" + name, "GetItem", null, "PK = :pk AND SK = :sk", name, "1");
            }
            Map<String, Object> size = ModelLoader.map(e.get("itemSize"), "itemSize");
            long keyBytes = 4 + ItemSize.utf8Length(pkTemplate) + ItemSize.utf8Length(skTemplate); // names PK, SK and their values, roughly
            entities.append("  - name: ").append(name).append('\n');
            if (parents.contains(prefix) && !fkTarget.isEmpty()) {
                entities.append("    # other tables refer to ").append(name).append(": it heads their item collection under its own key (the analysis\n")
                        .append("    # also proposes it under its parent ").append(String.join(", ", new java.util.TreeSet<>(fkTarget.values()))
                                .toLowerCase(Locale.ROOT)).append("; one item cannot be in both)\n");
            }
            if (keyless) {
                entities.append("    # ").append(name).append(" has no primary key: its item key uses every column without NULLs; check that it is unique with\n")
                        .append("    # basalt migrate model check --source (rows sharing a key would overwrite each other)\n");
            }
            if ("query".equals(e.get("kind"))) {
                entities.append("    query: |\n      ").append(String.valueOf(e.get("query")).replace("\n", "\n      ")).append('\n');
            } else {
                entities.append("    query: SELECT * FROM ").append(name).append('\n');
            }
            entities.append("    table: ").append(tableName).append('\n');
            entities.append("    rows: ").append(e.get("rows")).append('\n');
            if (size.get("p95") != null) {
                entities.append("    itemSize: ").append(((Number) size.get("p95")).longValue() + keyBytes)
                        .append("        # p95 of the analysis plus the PK/SK attributes\n");
                entities.append("    averageItemSize: ").append(Math.round(((Number) size.get("mean")).doubleValue()) + keyBytes).append('\n');
            }
            entities.append("    key:\n      PK: \"").append(pkTemplate).append("\"\n      SK: \"").append(skTemplate).append("\"\n");
            entities.append("    attributes:\n");
            for (String[] x : extra) entities.append("      ").append(x[0]).append(": {from: \"").append(x[1]).append("\"}\n");
            for (Map<String, Object> c : columns) {
                String col = String.valueOf(c.get("name"));
                // the size of the value where the row has one (a sparse column's average over all rows is near 0)
                double present = 1 - ((Number) c.getOrDefault("nullShare", 0)).doubleValue();
                double valueBytes = present <= 0 ? 0 : Math.max(0, ((Number) c.get("averageBytes")).doubleValue() / present - ItemSize.utf8Length(col));
                entities.append("      ").append(col).append(": {from: ").append(col).append(", type: ").append(c.get("dynamoType"))
                        .append(", size: ").append(BigDecimal.valueOf(valueBytes).setScale(1, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString())
                        .append("}\n");
            }
        }
        StringBuilder sb = new StringBuilder("# Proposed by basalt migrate model init from ").append(analysis.get("source"))
                .append(".\n# Review the keys, put real frequencies on the access patterns, then run model check and estimate.\n");
        sb.append("source: ").append(analysis.get("source")).append("\n\n").append(entities).append("\ntables:\n  - name: ").append(tableName)
                .append("\n    partitionKey: PK\n    sortKey: SK\n");
        if (gsi) sb.append("    globalSecondaryIndexes:\n      - {name: GSI1, partitionKey: GSI1PK, sortKey: GSI1SK, projection: ALL}\n");
        sb.append('\n').append(patterns.toString().replace("table: TABLE", "table: " + tableName));
        return sb.toString();
    }

    private static void pattern(StringBuilder sb, String name, String op, String index, String keyCondition, String entity, String items) {
        sb.append("  - {name: ").append(name).append(", operation: ").append(op).append(", table: TABLE")
                .append(index == null ? "" : ", index: " + index).append(", keyCondition: \"").append(keyCondition)
                .append("\", frequency: 1, items: ").append(op.equals("GetItem") ? "1" : items).append(", entity: ").append(entity).append("}\n");
    }

    /** The share of the most frequent value of each analysed key column (the largest over entities). */
    static Map<String, BigDecimal> topShares(String json, String where) {
        Map<String, BigDecimal> out = new HashMap<>();
        Map<String, Object> analysis = ModelLoader.map(ModelLoader.readTree(json, where), where);
        for (Object o : ModelLoader.list(analysis.get("entities"), where)) {
            for (Object k : ModelLoader.list(ModelLoader.map(o, where).get("keyCandidates"), where)) {
                Map<String, Object> kc = ModelLoader.map(k, where);
                BigDecimal share = new BigDecimal(String.valueOf(kc.get("topShare")));
                out.merge(ModelLoader.map(o, where).get("name") + "." + kc.get("column"), share, BigDecimal::max); // by table (or query) and column
            }
        }
        return out;
    }
}
