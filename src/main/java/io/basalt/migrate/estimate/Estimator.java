package io.basalt.migrate.estimate;

import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.AccessPattern;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.Model.Index;
import io.basalt.migrate.model.Model.Operation;
import io.basalt.migrate.model.Model.Projection;
import io.basalt.migrate.model.Model.Table;
import io.basalt.migrate.model.ModelCheck;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.model.Size;
import io.basalt.model.ItemSize;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code migrate estimate}: capacity per access pattern, per table and per index, storage,
 * partitions and monthly cost (docs/migration.md, "How the estimate is computed").
 */
public final class Estimator {
    /** Storage the service counts per item besides its attributes (and per index entry). */
    public static final BigDecimal ITEM_OVERHEAD = BigDecimal.valueOf(100);
    private static final BigDecimal GB = BigDecimal.valueOf(1L << 30);
    private static final BigDecimal PARTITION_BYTES = GB.multiply(BigDecimal.TEN);
    private static final BigDecimal PARTITION_RCU = BigDecimal.valueOf(3000);
    private static final BigDecimal PARTITION_WCU = BigDecimal.valueOf(1000);
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);
    private static final BigDecimal SECONDS_PER_HOUR = BigDecimal.valueOf(3600);

    /** Capacity accumulated on the table or one index. */
    private static final class Target {
        final String name, kind, table;
        BigDecimal wcu = BigDecimal.ZERO, rcu = BigDecimal.ZERO, items = BigDecimal.ZERO, bytes = BigDecimal.ZERO;

        Target(String name, String kind, String table) {
            this.name = name;
            this.kind = kind;
            this.table = table;
        }
    }

    private final Model model;
    private final Prices prices;
    private final Set<String> notes = new LinkedHashSet<>();
    private final Map<String, Target> targets = new LinkedHashMap<>();

    public Estimator(Model model, Prices prices) {
        this.model = model;
        this.prices = prices;
    }

    public Map<String, Object> run() {
        for (Table t : model.tables()) {
            targets.put(t.name(), new Target(t.name(), "table", t.name()));
            for (Index i : t.indexes()) targets.put(key(t, i), new Target(i.name(), i.global() ? "gsi" : "lsi", t.name()));
        }
        List<Object> patterns = new ArrayList<>();
        for (AccessPattern p : model.accessPatterns()) patterns.add(pattern(p));
        storage();
        List<Object> rows = new ArrayList<>();
        BigDecimal wcu = BigDecimal.ZERO, rcu = BigDecimal.ZERO, bytes = BigDecimal.ZERO;
        int partitions = 0;
        for (Target t : targets.values()) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", t.name);
            row.put("kind", t.kind);
            row.put("table", t.table);
            row.put("wcu", t.wcu);
            row.put("rcu", t.rcu);
            row.put("items", t.items);
            row.put("storageBytes", t.bytes.setScale(0, RoundingMode.CEILING));
            row.put("storageGB", gb(t.bytes));
            int parts = partitions(t);
            row.put("partitions", parts);
            if (t.kind.equals("lsi")) row.put("note", "an LSI's reads and writes consume the table's capacity; counted once in the table's totals");
            rows.add(row);
            bytes = bytes.add(t.bytes);
            if (!t.kind.equals("lsi")) {
                wcu = wcu.add(t.wcu);
                rcu = rcu.add(t.rcu);
                partitions += parts;
            }
        }
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("wcu", wcu);
        totals.put("rcu", rcu);
        totals.put("storageGB", gb(bytes));
        totals.put("partitions", partitions);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("accessPatterns", patterns);
        out.put("tables", rows);
        out.put("totals", totals);
        out.put("monthlyCost", cost(wcu, rcu, bytes));
        out.put("notes", List.copyOf(notes));
        return out;
    }

    private Map<String, Object> pattern(AccessPattern p) {
        Table table = model.table(p.table()).orElseThrow(() -> new ModelException("access pattern " + p.name() + ": no table " + p.table()));
        Index index = p.index() == null ? null : table.index(p.index())
                .orElseThrow(() -> new ModelException("access pattern " + p.name() + ": table " + table.name() + " has no index " + p.index()));
        Entity entity = entityOf(p, table);
        Size size = p.itemSize() != null ? p.itemSize() : entity == null ? null : entity.itemSize();
        if (size == null) throw new ModelException("access pattern " + p.name() + ": no item size (set itemSize on it or on its entity)");
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", p.name());
        out.put("operation", p.operation().name());
        out.put("servedBy", index == null ? table.name() : index.name());
        out.put("frequency", p.frequency());
        out.put("items", p.items());
        out.put("itemBytes", size.bytes());
        if (p.operation().isRead()) {
            boolean strong = p.stronglyConsistent() && (index == null || !index.global());
            Size read = index == null ? size : projectedSize(entity, table, index, size);
            BigDecimal perRequest = CapacityMeter.readUnits(p.operation(), read, p.items(), strong);
            BigDecimal rcu = perRequest.multiply(p.frequency());
            Target target = targets.get(index == null || !index.global() ? table.name() : key(table, index));
            target.rcu = target.rcu.add(rcu);
            out.put("consistency", strong ? "strong" : "eventual");
            out.put("rcuPerRequest", perRequest);
            out.put("rcu", rcu);
        } else {
            BigDecimal perRequest = CapacityMeter.writeUnits(p.operation(), size, p.items());
            Map<String, Object> perTarget = new LinkedHashMap<>();
            BigDecimal wcu = perRequest.multiply(p.frequency());
            targets.get(table.name()).wcu = targets.get(table.name()).wcu.add(wcu);
            perTarget.put(table.name(), wcu);
            for (Index i : table.indexes()) {
                if (entity != null && !ModelCheck.holds(entity, i)) continue; // sparse: the item has no entry there
                BigDecimal writes = indexWrites(p, table, i);
                if (writes.signum() == 0) continue;
                BigDecimal w = CapacityMeter.units(projectedSize(entity, table, i, size).bytes(), CapacityMeter.WRITE_UNIT)
                        .multiply(writes).multiply(p.items()).multiply(p.frequency());
                Target target = targets.get(i.global() ? key(table, i) : table.name());
                target.wcu = target.wcu.add(w);
                perTarget.put(i.name(), w);
            }
            out.put("wcuPerRequest", perRequest);
            out.put("wcu", perTarget);
        }
        return out;
    }

    /**
     * Index entries one table write makes: a put or delete one; an update two when it changes the
     * index's key (old entry deleted, new one put), one when it changes a projected attribute, none
     * otherwise. Without an {@code updates} list every update is assumed to touch the index once.
     */
    private static BigDecimal indexWrites(AccessPattern p, Table table, Index i) {
        if (p.operation() != Operation.UpdateItem || p.updates().isEmpty()) return BigDecimal.ONE;
        boolean projected = false;
        for (String a : p.updates()) {
            if (a.equals(i.partitionKey().name()) || i.sortKey() != null && a.equals(i.sortKey().name())) return BigDecimal.TWO;
            if (i.projection() == Projection.ALL || i.projection() == Projection.INCLUDE && i.nonKeyAttributes().contains(a)) {
                projected = true;
            }
        }
        return projected ? BigDecimal.ONE : BigDecimal.ZERO;
    }

    private Entity entityOf(AccessPattern p, Table table) {
        if (p.entity() != null) {
            return model.entity(p.entity()).orElseThrow(() -> new ModelException("access pattern " + p.name() + ": no entity " + p.entity()));
        }
        List<Entity> of = model.entitiesOf(table.name());
        return of.size() == 1 ? of.get(0) : null;
    }

    /**
     * Size of an index entry: the whole item under projection ALL; otherwise the keys and the
     * projected attributes, from the entity's attribute sizes when all are known, else the whole
     * item (an upper bound, noted).
     */
    private Size projectedSize(Entity e, Table table, Index i, Size itemSize) {
        if (i.projection() == Projection.ALL) return itemSize;
        Set<String> names = new LinkedHashSet<>(table.keyAttributeNames());
        names.add(i.partitionKey().name());
        if (i.sortKey() != null) names.add(i.sortKey().name());
        if (i.projection() == Projection.INCLUDE) names.addAll(i.nonKeyAttributes());
        BigDecimal bytes = BigDecimal.ZERO;
        for (String n : names) {
            Model.Attribute a = e == null ? null : e.attribute(n).orElse(null);
            if (a == null || a.size() == null) {
                if (e != null && !e.attributeNames().contains(n)) continue; // not on this item: not in the entry
                notes.add("index " + i.name() + ": attribute sizes unknown (give attributes a size), its entries are counted at the full item size");
                return itemSize;
            }
            bytes = bytes.add(BigDecimal.valueOf(ItemSize.utf8Length(n))).add(a.size().bytes());
        }
        return new Size(bytes);
    }

    private void storage() {
        for (Table t : model.tables()) {
            for (Entity e : model.entitiesOf(t.name())) {
                if (e.rows() == null) {
                    notes.add("entity " + e.name() + " has no rows count: its storage is not counted");
                    continue;
                }
                Size avg = e.averageItemSize() != null ? e.averageItemSize() : e.itemSize();
                if (avg == null) continue;
                BigDecimal rows = BigDecimal.valueOf(e.rows());
                Target table = targets.get(t.name());
                table.items = table.items.add(rows);
                table.bytes = table.bytes.add(rows.multiply(avg.bytes().add(ITEM_OVERHEAD)));
                for (Index i : t.indexes()) {
                    if (!ModelCheck.holds(e, i)) continue;
                    Target target = targets.get(key(t, i));
                    target.items = target.items.add(rows);
                    target.bytes = target.bytes.add(rows.multiply(projectedSize(e, t, i, avg).bytes().add(ITEM_OVERHEAD)));
                }
            }
        }
    }

    /** Partitions the service needs for a throughput and a size: 3,000 RCU, 1,000 WCU and 10 GB each. */
    private static int partitions(Target t) {
        BigDecimal byThroughput = t.rcu.divide(PARTITION_RCU, 10, RoundingMode.CEILING)
                .add(t.wcu.divide(PARTITION_WCU, 10, RoundingMode.CEILING)).setScale(0, RoundingMode.CEILING);
        BigDecimal bySize = t.bytes.divide(PARTITION_BYTES, 0, RoundingMode.CEILING);
        return Math.max(1, byThroughput.max(bySize).intValueExact());
    }

    private Map<String, Object> cost(BigDecimal wcu, BigDecimal rcu, BigDecimal bytes) {
        BigDecimal secondsPerMonth = prices.hoursPerMonth().multiply(SECONDS_PER_HOUR);
        BigDecimal storage = gb(bytes).subtract(prices.freeGb()).max(BigDecimal.ZERO).multiply(prices.perGbMonth());
        BigDecimal odWrites = wcu.multiply(secondsPerMonth).divide(MILLION).multiply(prices.perMillionWriteRequestUnits());
        BigDecimal odReads = rcu.multiply(secondsPerMonth).divide(MILLION).multiply(prices.perMillionReadRequestUnits());
        BigDecimal provWcu = BigDecimal.ZERO, provRcu = BigDecimal.ZERO;
        for (Target t : targets.values()) { // provisioned capacity is set in whole units per table and GSI
            if (t.kind.equals("lsi")) continue;
            provWcu = provWcu.add(t.wcu.setScale(0, RoundingMode.CEILING));
            provRcu = provRcu.add(t.rcu.setScale(0, RoundingMode.CEILING));
        }
        BigDecimal pWrites = provWcu.multiply(prices.hoursPerMonth()).multiply(prices.perWcuHour());
        BigDecimal pReads = provRcu.multiply(prices.hoursPerMonth()).multiply(prices.perRcuHour());
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("currency", prices.currency());
        out.put("region", prices.region());
        out.put("pricesSource", prices.source());
        out.put("pricesDate", prices.date());
        out.put("onDemand", money(odWrites, odReads, storage));
        Map<String, Object> prov = money(pWrites, pReads, storage);
        prov.put("provisionedWcu", provWcu);
        prov.put("provisionedRcu", provRcu);
        out.put("provisioned", prov);
        return out;
    }

    private static Map<String, Object> money(BigDecimal writes, BigDecimal reads, BigDecimal storage) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("writes", round(writes));
        m.put("reads", round(reads));
        m.put("storage", round(storage));
        m.put("total", round(writes.add(reads).add(storage)));
        return m;
    }

    private static BigDecimal round(BigDecimal money) {
        return money.setScale(2, RoundingMode.HALF_UP);
    }

    private static BigDecimal gb(BigDecimal bytes) {
        return bytes.divide(GB, 3, RoundingMode.HALF_UP);
    }

    private static String key(Table t, Index i) {
        return t.name() + "/" + i.name();
    }
}
