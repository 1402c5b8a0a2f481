package io.basalt.migrate.model;

import io.basalt.migrate.model.Model.AccessPattern;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.Model.Index;
import io.basalt.migrate.model.Model.KeyAttribute;
import io.basalt.migrate.model.Model.Operation;
import io.basalt.migrate.model.Model.Table;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code model check}: proves that each access pattern is served by a key condition on its table or
 * index (GetItem and writes by the full primary key, Query by an equality on the partition key and
 * at most one condition on the sort key), else flags it as a Scan; warns about hot keys and points
 * out sparse indexes and sparse-index opportunities.
 */
public final class ModelCheck {
    public enum Status { SERVED, SCAN, ERROR }

    public record PatternResult(String pattern, Status status, String servedBy, List<String> messages) {}

    public record Result(List<PatternResult> patterns, List<String> warnings, List<String> notes) {
        public boolean ok() {
            return patterns.stream().allMatch(p -> p.status() == Status.SERVED);
        }

        public Map<String, Object> toJson() {
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("ok", ok());
            List<Object> list = new ArrayList<>();
            for (PatternResult p : patterns) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("name", p.pattern());
                m.put("status", p.status().name());
                m.put("servedBy", p.servedBy());
                m.put("messages", p.messages());
                list.add(m);
            }
            out.put("accessPatterns", list);
            out.put("warnings", warnings);
            out.put("notes", notes);
            return out;
        }

        public String toText() {
            StringBuilder sb = new StringBuilder();
            for (PatternResult p : patterns) {
                sb.append(String.format("%-7s %-32s %s%n", p.status(), p.pattern(), p.servedBy() == null ? "" : p.servedBy()));
                for (String m : p.messages()) sb.append("        ").append(m).append('\n');
            }
            for (String w : warnings) sb.append("warning: ").append(w).append('\n');
            for (String n : notes) sb.append("note: ").append(n).append('\n');
            sb.append(ok() ? "every access pattern is served by a key condition\n"
                    : "some access patterns are not served by a key condition (see above)\n");
            return sb.toString();
        }
    }

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^}]+)}");
    private static final Set<String> SORT_OPERATORS = Set.of("=", "<", "<=", ">", ">=", "between", "begins_with");

    private final Model model;
    /** Share of rows carrying the most frequent value, per analysed table (or query) and column ("orders.customer_id"), or empty. */
    private final Map<String, BigDecimal> topShareByColumn;
    private final BigDecimal hotShare;

    public ModelCheck(Model model, Map<String, BigDecimal> topShareByColumn, BigDecimal hotShare) {
        this.model = model;
        this.topShareByColumn = topShareByColumn;
        this.hotShare = hotShare;
    }

    public Result run() {
        List<PatternResult> results = new ArrayList<>();
        for (AccessPattern p : model.accessPatterns()) results.add(check(p));
        List<String> warnings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        hotKeys(warnings);
        sparseIndexes(notes);
        for (AccessPattern p : model.accessPatterns()) {
            if (p.filter() != null) {
                notes.add("sparse-index opportunity: access pattern " + p.name() + " filters on '" + p.filter()
                        + "'; a GSI keyed on the filtered attribute holds only the items that have it, and a Query on it"
                        + " reads only those instead of reading and discarding the rest");
            }
        }
        return new Result(results, warnings, notes);
    }

    private PatternResult check(AccessPattern p) {
        List<String> messages = new ArrayList<>();
        Table table = model.table(p.table()).orElse(null);
        if (table == null) return new PatternResult(p.name(), Status.ERROR, null, List.of("no table " + p.table() + " in the model"));
        if (p.entity() != null && model.entity(p.entity()).isEmpty()) messages.add("no entity " + p.entity() + " in the model");
        Index index = null;
        if (p.index() != null) {
            index = table.index(p.index()).orElse(null);
            if (index == null) return new PatternResult(p.name(), Status.ERROR, null, List.of("table " + table.name() + " has no index " + p.index()));
        }
        if (p.operation() == Operation.Scan) {
            messages.add("a Scan reads every item of " + target(table, index) + " (consider a key condition on an index)");
            return new PatternResult(p.name(), Status.SCAN, "Scan of " + target(table, index), messages);
        }
        if (p.keyCondition() == null) {
            messages.add(p.operation() + " needs a keyCondition");
            return new PatternResult(p.name(), Status.ERROR, null, messages);
        }
        KeyCondition kc;
        try {
            kc = KeyCondition.parse(p.keyCondition());
        } catch (ModelException e) {
            return new PatternResult(p.name(), Status.ERROR, null, List.of(e.getMessage()));
        }
        if (p.operation() != Operation.Query) { // GetItem, batch and transaction reads, every write: by primary key
            if (index != null) messages.add(p.operation() + " addresses the table by primary key, never an index");
            boolean full = table.keyAttributeNames().stream().allMatch(a -> "=".equals(kc.operatorOn(a)))
                    && kc.terms().size() == table.keyAttributeNames().size();
            if (!full) {
                messages.add(p.operation() + " needs the full primary key " + table.keyAttributeNames() + " by equality, got " + kc);
                return new PatternResult(p.name(), Status.ERROR, null, messages);
            }
            return new PatternResult(p.name(), messages.isEmpty() ? Status.SERVED : Status.ERROR,
                    "primary key of table " + table.name(), messages);
        }
        if (p.stronglyConsistent() && index != null && index.global()) {
            messages.add("global secondary indexes serve eventually consistent reads only");
        }
        if (serves(table.partitionKey(), table.sortKey(), kc) && index == null
                || index != null && serves(index.partitionKey(), index.sortKey(), kc)) {
            return new PatternResult(p.name(), messages.isEmpty() ? Status.SERVED : Status.ERROR,
                    "key condition on " + target(table, index), messages);
        }
        String alternative = null;
        if (serves(table.partitionKey(), table.sortKey(), kc)) alternative = "table " + table.name();
        for (Index i : table.indexes()) {
            if (alternative == null && serves(i.partitionKey(), i.sortKey(), kc)) alternative = "index " + i.name();
        }
        if (alternative != null) {
            messages.add("not served by " + target(table, index) + "; " + alternative + " would serve it (set index:)");
            return new PatternResult(p.name(), Status.ERROR, null, messages);
        }
        messages.add("no key condition on the table or an index serves " + kc + ": this needs a Scan;"
                + " add an index whose partition key is the attribute compared with '='");
        return new PatternResult(p.name(), Status.SCAN, "Scan of " + target(table, index), messages);
    }

    private static boolean serves(KeyAttribute pk, KeyAttribute sk, KeyCondition kc) {
        if (!"=".equals(kc.operatorOn(pk.name()))) return false;
        for (KeyCondition.Term t : kc.terms()) {
            if (t.attribute().equals(pk.name())) continue;
            if (sk == null || !t.attribute().equals(sk.name()) || !SORT_OPERATORS.contains(t.operator())) return false;
        }
        return kc.terms().size() <= (sk == null ? 1 : 2);
    }

    private static String target(Table table, Index index) {
        return index == null ? "table " + table.name() : "index " + index.name() + " of table " + table.name();
    }

    /** Partition keys that put every item (or a large share of them) in one partition. */
    private void hotKeys(List<String> warnings) {
        for (Table t : model.tables()) {
            List<KeyAttribute> partitionKeys = new ArrayList<>();
            partitionKeys.add(t.partitionKey());
            for (Index i : t.indexes()) if (i.global()) partitionKeys.add(i.partitionKey());
            for (Entity e : model.entitiesOf(t.name())) {
                for (KeyAttribute pk : partitionKeys) {
                    String template = template(e, pk.name());
                    if (template == null) continue;
                    Matcher m = PLACEHOLDER.matcher(template);
                    if (!m.find()) {
                        warnings.add("hot key: entity " + e.name() + " gives " + pk.name() + " the constant value '" + template
                                + "': all its items share one partition (at most 3,000 RCU and 1,000 WCU per second)");
                        continue;
                    }
                    m.reset();
                    while (m.find()) {
                        BigDecimal share = share(e, m.group(1));
                        if (share != null && share.compareTo(hotShare) > 0) {
                            warnings.add("hot key: " + pk.name() + " of entity " + e.name() + " comes from column " + m.group(1)
                                    + " whose most frequent value holds " + share.movePointRight(2).stripTrailingZeros().toPlainString()
                                    + "% of the rows: that partition takes the same share of the load");
                        }
                    }
                }
            }
        }
    }

    /**
     * The analysis' top-value share of an entity's column: of the analysed table (or query) named like
     * the entity, else of the table its query names first among those analysed with that column (so
     * customers.customer_id, unique, is not taken for orders.customer_id); null when none.
     */
    private BigDecimal share(Entity e, String column) {
        BigDecimal own = null;
        int first = Integer.MAX_VALUE;
        for (var entry : topShareByColumn.entrySet()) {
            String key = entry.getKey();
            int dot = key.lastIndexOf('.');
            if (dot < 0 || !key.substring(dot + 1).equalsIgnoreCase(column)) continue;
            String table = key.substring(0, dot);
            if (table.equalsIgnoreCase(e.name())) return entry.getValue();
            if (e.query() == null) continue;
            Matcher m = Pattern.compile("(?i)(?<![\\w$])" + Pattern.quote(table) + "(?![\\w$])").matcher(e.query());
            if (m.find() && m.start() < first) {
                first = m.start();
                own = entry.getValue();
            }
        }
        return own;
    }

    /** Indexes whose key attributes only some entities carry hold only those entities' items. */
    private void sparseIndexes(List<String> notes) {
        for (Table t : model.tables()) {
            List<Entity> entities = model.entitiesOf(t.name());
            if (entities.isEmpty()) continue;
            for (Index i : t.indexes()) {
                List<String> held = new ArrayList<>();
                for (Entity e : entities) if (holds(e, i)) held.add(e.name());
                if (held.size() < entities.size()) {
                    notes.add("index " + i.name() + " is sparse: it holds only items of " + (held.isEmpty() ? "no entity" : String.join(", ", held))
                            + " (the others lack its key attributes), so writes to the others cost it nothing");
                }
            }
        }
    }

    /** Whether an entity's items carry an index's key attributes (an entity without attribute list is assumed to). */
    public static boolean holds(Entity e, Index i) {
        if (e.attributes().isEmpty() && e.key().isEmpty()) return true;
        List<String> names = e.attributeNames();
        return names.contains(i.partitionKey().name()) && (i.sortKey() == null || names.contains(i.sortKey().name()));
    }

    private static String template(Entity e, String attribute) {
        if (e.key().containsKey(attribute)) return e.key().get(attribute);
        return e.attribute(attribute).map(a -> a.from().contains("{") ? a.from() : "{" + a.from() + "}").orElse(null);
    }
}
