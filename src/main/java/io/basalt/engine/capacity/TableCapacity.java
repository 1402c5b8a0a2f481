package io.basalt.engine.capacity;

import io.basalt.engine.metrics.RequestMetrics;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.index.IndexEntries;
import io.basalt.model.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Capacity of one table: its usage, its partitions and those of its GSIs, and (in enforce mode)
 * the admission decision of every request.
 *
 * <p>Requests are admitted before they run and charged after (only then is the cost known). A
 * request is refused when its partition is over a hard limit (3,000 RCU / 1,000 WCU per second),
 * when its partition has no credit left of its share and the table has no unused capacity to lend
 * it (adaptive capacity), or — on demand — when it would exceed double the previous peak or the
 * table's MaxRead/WriteRequestUnits. In report mode the same bookkeeping of usage happens but
 * nothing is refused and no bucket is touched: only lock-free counters.
 */
public final class TableCapacity {
    private static final double ON_DEMAND_INITIAL_READ_PEAK = 6000;
    private static final double ON_DEMAND_INITIAL_WRITE_PEAK = 2000;
    private static final int ON_DEMAND_INITIAL_PARTITIONS = 4;

    private final CapacityMeter meter;
    private final String name;
    private final long tableId;
    private final AtomicLong sizeBytes;
    private final Usage usage = new Usage();
    private final PartitionMap partitions;
    private final TokenBucket tableRead;
    private final TokenBucket tableWrite;
    private final OnDemandRamp rampRead;
    private final OnDemandRamp rampWrite;
    private volatile TableDefinition definition;
    private volatile Map<String, IndexCapacity> indexes = Map.of();
    private volatile TokenBucket maxRead;
    private volatile TokenBucket maxWrite;
    private volatile ContributorInsights insights;
    /** Buckets draw on budgets shared by several Basalt nodes (see {@link CapacityLeases}). */
    private final boolean leased;
    /** Settlements of this table's leases run one at a time on a node (each gives back what the buckets hold). */
    final Object settling = new Object();
    /** When (clock millis) a settlement last found the shared budget short of what was asked; guarded by {@link #settling}. */
    long budgetShortAt = NEVER_SHORT;
    static final long NEVER_SHORT = Long.MIN_VALUE / 2;
    /** The latency of this table's requests per operation (recorded by the front end that times them). */
    private final RequestMetrics latency = new RequestMetrics();

    TableCapacity(CapacityMeter meter, TableDefinition d, AtomicLong sizeBytes) {
        this.meter = meter;
        this.name = d.name();
        this.tableId = d.id();
        this.sizeBytes = sizeBytes;
        this.leased = meter.leased();
        long now = meter.now();
        double burst = meter.settings().burstSeconds();
        this.partitions = new PartitionMap(targetPartitions(d, 0), rcu(d), wcu(d), burst, now, leased);
        this.tableRead = new TokenBucket(rcu(d), burst, now, leased);
        this.tableWrite = new TokenBucket(wcu(d), burst, now, leased);
        this.rampRead = new OnDemandRamp(ON_DEMAND_INITIAL_READ_PEAK, now, leased);
        this.rampWrite = new OnDemandRamp(ON_DEMAND_INITIAL_WRITE_PEAK, now, leased);
        reconfigure(d);
    }

    public String name() { return name; }
    public long tableId() { return tableId; }
    public Usage usage() { return usage; }
    public PartitionMap partitions() { return partitions; }
    public TableDefinition definition() { return definition; }
    public Map<String, IndexCapacity> indexes() { return indexes; }
    public long sizeBytes() { return sizeBytes.get(); }
    public ContributorInsights insights() { return insights; }
    boolean leased() { return leased; }
    double onDemandWritePeak() { return rampWrite.peak(); }
    public RequestMetrics latency() { return latency; }

    public void insights(ContributorInsights i) {
        insights = i;
    }

    private static double rcu(TableDefinition d) {
        return d.payPerRequest() ? 0 : d.throughput().readCapacityUnits();
    }

    private static double wcu(TableDefinition d) {
        return d.payPerRequest() ? 0 : d.throughput().writeCapacityUnits();
    }

    private int targetPartitions(TableDefinition d, long bytes) {
        long pb = meter.settings().partitionBytes();
        if (d.payPerRequest()) return Math.max(ON_DEMAND_INITIAL_PARTITIONS, CapacitySettings.partitionCount(bytes, 0, 0, pb));
        return CapacitySettings.partitionCount(bytes, rcu(d), wcu(d), pb);
    }

    /** Brings throughput, billing mode and indexes up to date with the table's definition (a reference check when unchanged). */
    public void sync(TableDefinition d) {
        if (d != definition) reconfigure(d);
    }

    private synchronized void reconfigure(TableDefinition d) {
        if (d == definition) return;
        long now = meter.now();
        double burst = meter.settings().burstSeconds();
        partitions.growTo(targetPartitions(d, sizeBytes.get()), now);
        setShares(partitions, d.payPerRequest(), rcu(d), wcu(d), now);
        tableRead.reconfigure(rcu(d), burst, now);
        tableWrite.reconfigure(wcu(d), burst, now);
        maxRead = limitBucket(d.payPerRequest() ? d.onDemand().maxReadRequestUnits() : -1, maxRead, now);
        maxWrite = limitBucket(d.payPerRequest() ? d.onDemand().maxWriteRequestUnits() : -1, maxWrite, now);
        Map<String, IndexCapacity> next = new LinkedHashMap<>();
        for (IndexDefinition i : d.localIndexes()) {
            IndexCapacity old = indexes.get(i.name());
            next.put(i.name(), old != null ? old : new IndexCapacity(i, null));
        }
        for (IndexDefinition i : d.globalIndexes()) {
            IndexCapacity old = indexes.get(i.name());
            double r = d.payPerRequest() ? 0 : i.throughput().readCapacityUnits();
            double w = d.payPerRequest() ? 0 : i.throughput().writeCapacityUnits();
            int count = d.payPerRequest() ? ON_DEMAND_INITIAL_PARTITIONS
                    : CapacitySettings.partitionCount(0, r, w, meter.settings().partitionBytes());
            IndexCapacity ic = old != null && old.definition.indexId() == i.indexId() ? old
                    : new IndexCapacity(i, new PartitionMap(count, r, w, burst, now, leased));
            ic.partitions.growTo(count, now);
            setShares(ic.partitions, d.payPerRequest(), r, w, now);
            ic.definition = i;
            boolean od = d.payPerRequest() && i.onDemand() != null;
            ic.maxRead = limitBucket(od ? i.onDemand().maxReadRequestUnits() : -1, ic.maxRead, now);
            ic.maxWrite = limitBucket(od ? i.onDemand().maxWriteRequestUnits() : -1, ic.maxWrite, now);
            next.put(i.name(), ic);
        }
        indexes = Map.copyOf(next);
        definition = d;
    }

    /** On demand, every partition may use its hard limits; provisioned, the throughput is divided evenly. */
    private static void setShares(PartitionMap map, boolean onDemand, double rcu, double wcu, long now) {
        if (onDemand) {
            map.throughput(map.count() * CapacitySettings.PARTITION_MAX_RCU, map.count() * CapacitySettings.PARTITION_MAX_WCU, now);
        } else {
            map.throughput(rcu, wcu, now);
        }
    }

    private TokenBucket limitBucket(long max, TokenBucket current, long now) {
        if (max <= 0) return null;
        if (current != null && current.rate() == max) return current;
        return new TokenBucket(max, 1, now, leased);
    }

    /**
     * Every bucket of the table with a name that is the same on every node (leasing): the table's,
     * the on-demand maxima, and per partition of the table and of each GSI (by start hash) the
     * shares and hard limits.
     */
    void forEachBucket(java.util.function.BiConsumer<String, TokenBucket> each) {
        each.accept("t.r", tableRead);
        each.accept("t.w", tableWrite);
        if (definition.payPerRequest()) {
            each.accept("ramp.r", rampRead.bucket());
            each.accept("ramp.w", rampWrite.bucket());
        }
        if (maxRead != null) each.accept("max.r", maxRead);
        if (maxWrite != null) each.accept("max.w", maxWrite);
        forEachPartitionBucket("", partitions, each);
        for (IndexCapacity ic : indexes.values()) {
            if (!ic.global()) continue;
            String g = "g" + ic.definition.indexId() + ".";
            if (ic.maxRead != null) each.accept(g + "max.r", ic.maxRead);
            if (ic.maxWrite != null) each.accept(g + "max.w", ic.maxWrite);
            forEachPartitionBucket(g, ic.partitions, each);
        }
    }

    /** Leasing: whether a bucket refused a request while its shared budget still had credit (worth settling at once). */
    boolean starvedWithBudgetLeft() {
        boolean[] any = {false};
        forEachBucket((name, b) -> any[0] |= b.leased() && b.starvedWithBudgetLeft());
        return any[0];
    }

    /** What a node takes from the shared record after settling: the table's peaks and partition starts per map. */
    record Shape(double readPeak, double writePeak, Map<String, java.util.Set<Long>> starts) { }

    /** Leasing: the on-demand units taken since the last call, read and write (fed to the shared peak windows). */
    double[] drainOnDemandUnits() {
        return new double[] {rampRead.drainReported(), rampWrite.drainReported()};
    }

    /**
     * Leasing: puts this node's on-demand units and partition boundaries into the shared record and
     * returns the table's shape, to {@link #adopt} once the record is stored.
     */
    Shape exchangeShape(SharedBudget budget, double[] onDemandUnits, long nowMillis) {
        double readPeak = budget.peak("peak.r", rampRead.peak(), onDemandUnits[0], nowMillis);
        double writePeak = budget.peak("peak.w", rampWrite.peak(), onDemandUnits[1], nowMillis);
        Map<String, java.util.Set<Long>> starts = new LinkedHashMap<>();
        starts.put("", java.util.Set.copyOf(budget.starts("", startsOf(partitions))));
        for (IndexCapacity ic : indexes.values()) {
            if (!ic.global()) continue;
            String g = "g" + ic.definition.indexId() + ".";
            starts.put(g, java.util.Set.copyOf(budget.starts(g, startsOf(ic.partitions))));
        }
        return new Shape(readPeak, writePeak, starts);
    }

    /** Leasing: takes the table's peaks (an on-demand table grows to serve double) and every node's partition splits. */
    void adopt(Shape shape) {
        long now = meter.now();
        boolean raised = rampRead.adopt(shape.readPeak(), now) | rampWrite.adopt(shape.writePeak(), now);
        if (raised && definition.payPerRequest()) growOnDemand(now);
        splitLike(partitions, shape.starts().get(""), now);
        for (IndexCapacity ic : indexes.values()) {
            if (ic.global()) splitLike(ic.partitions, shape.starts().get("g" + ic.definition.indexId() + "."), now);
        }
    }

    private static java.util.List<Long> startsOf(PartitionMap map) {
        java.util.List<Long> out = new java.util.ArrayList<>();
        for (Partition p : map.partitions()) out.add(p.start());
        return out;
    }

    /** Splits the map at every boundary another node has and this one lacks. */
    private static void splitLike(PartitionMap map, java.util.Set<Long> starts, long now) {
        if (starts == null) return;
        java.util.Set<Long> mine = new java.util.HashSet<>(startsOf(map));
        for (long start : starts) {
            if (start != 0 && !mine.contains(start)) map.splitAt(start - 1, now);
        }
    }

    private static void forEachPartitionBucket(String prefix, PartitionMap map, java.util.function.BiConsumer<String, TokenBucket> each) {
        for (Partition p : map.partitions()) {
            String at = prefix + "p" + Long.toHexString(p.start()) + ".";
            each.accept(at + "r", p.readShare);
            each.accept(at + "w", p.writeShare);
            each.accept(at + "hr", p.readHard);
            each.accept(at + "hw", p.writeHard);
        }
    }

    private boolean enforce() {
        return meter.settings().mode() == CapacityMode.ENFORCE;
    }

    // ------------------------------------------------------------------ admission

    /** Admits a read of the item with {@code key} (a key or a whole item); returns its partition. */
    public Partition admitRead(String region, Map<String, AttributeValue> key) {
        AttributeValue pk = key.get(definition.keys().hashName());
        Partition p = admit(region, null, PartitionHash.of(pk), true, pk);
        if (insights != null) keyInsight(key);
        return p;
    }

    /** Contributor Insights of whole keys (partition and sort key) on tables with a sort key. */
    private void keyInsight(Map<String, AttributeValue> key) {
        ContributorInsights ci = insights;
        if (ci == null || !definition.keys().hasRange()) return;
        ci.accessedKey(key.get(definition.keys().hashName()), key.get(definition.keys().rangeName()));
    }

    /**
     * Admits a read of a partition of the table ({@code index} null) or of an index. For an LSI the
     * table's partition is used (an LSI lives with its table's item collections).
     */
    public Partition admitRead(String region, IndexDefinition index, long hash, Object insightKey) {
        return admit(region, index == null || !index.global() ? null : index.name(), hash, true, insightKey);
    }

    /**
     * Admits a write of the item with {@code key} (a key or a whole item); when the new item is known (a put), each
     * GSI it goes into must admit it too (a GSI without capacity holds back the table's writes).
     */
    public Partition admitWrite(String region, Map<String, AttributeValue> key, Map<String, AttributeValue> newItem) {
        AttributeValue partitionKey = key.get(definition.keys().hashName());
        Partition p = admit(region, null, PartitionHash.of(partitionKey), false, partitionKey);
        if (insights != null) keyInsight(key);
        if (newItem != null) admitIndexWrites(region, null, newItem);
        return p;
    }

    /**
     * Admits a write's changes to the GSIs the item is (or was) in: a GSI out of capacity refuses the
     * base-table write, whether it puts, updates or deletes the index entry. Called with the old and
     * new item once the write is computed (for updates and deletes, inside the write).
     */
    public void admitIndexWrites(String region, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        if (!enforce()) return;
        for (IndexCapacity ic : indexes.values()) {
            if (!ic.global()) continue;
            Map<String, AttributeValue> entry = newItem != null && IndexEntries.indexed(ic.definition, newItem) ? newItem
                    : oldItem != null && IndexEntries.indexed(ic.definition, oldItem) ? oldItem : null;
            if (entry == null) continue;
            List<AttributeValue> values = ic.definition.keys().hashValues(entry);
            admit(region, ic.name(), PartitionHash.of(values), false, values);
        }
    }

    private Partition admit(String region, String gsi, long hash, boolean read, Object insightKey) {
        IndexCapacity ic = gsi == null ? null : indexes.get(gsi);
        PartitionMap map = ic == null ? partitions : ic.partitions;
        Partition p = map.find(hash);
        ContributorInsights ci = insights;
        if (ci != null) ci.accessed(gsi, insightKey);
        if (!enforce()) return p;
        long now = meter.now();
        Throttled.Limit refused = refusal(ic, p, read, now);
        if (refused != null && leased && meter.settleBeforeRefusing(this)) refused = refusal(ic, p, read, meter.now());
        if (refused != null) {
            (ic == null ? usage : ic.usage()).throttled(read);
            p.usage().throttled(read);
            if (ci != null) ci.throttled(gsi, insightKey);
            throw Throttled.of(definition.payPerRequest(), region, name, gsi, read, refused);
        }
        p.observe(hash);
        return p;
    }

    /** Why a request must be refused now, or null to admit it. */
    private Throttled.Limit refusal(IndexCapacity ic, Partition p, boolean read, long now) {
        boolean onDemand = definition.payPerRequest();
        TokenBucket max = ic == null ? (read ? maxRead : maxWrite) : (read ? ic.maxRead : ic.maxWrite);
        if (onDemand && max != null && !max.hasCredit(now)) return Throttled.Limit.MAX_ON_DEMAND;
        if (!(read ? p.readHard : p.writeHard).hasCredit(now)) return Throttled.Limit.KEY_RANGE;
        if (onDemand) {
            OnDemandRamp ramp = read ? rampRead : rampWrite;
            if (ic == null && !ramp.hasCredit(now)) return ramp.atQuota() ? Throttled.Limit.ACCOUNT_LIMIT : Throttled.Limit.KEY_RANGE;
            return null;
        }
        if ((read ? p.readShare : p.writeShare).hasCredit(now)) return null;
        // adaptive capacity: a partition out of its own credit borrows what the table leaves unused
        boolean tableHasRoom = ic == null && (read ? tableRead : tableWrite).hasCredit(now);
        return meter.settings().adaptive() && tableHasRoom ? null : Throttled.Limit.PROVISIONED;
    }

    // ------------------------------------------------------------------ charging

    /**
     * Charges a read to the table or an index (LSI reads count for the index, on the table's
     * partition). {@code p} null: a read not attributed to a partition (PartiQL statements).
     */
    public void chargeRead(IndexDefinition index, Partition p, double units) {
        IndexCapacity ic = index == null ? null : indexes.get(index.name());
        (ic == null ? usage : ic.usage()).read(units);
        if (p == null) return;
        p.usage().read(units);
        if (!enforce()) return;
        long now = meter.now();
        take(ic != null && ic.global() ? ic : null, p, true, units, now);
    }

    private void take(IndexCapacity gsi, Partition p, boolean read, double units, long now) {
        Long splitAt = p.charged(read, units, now, (long) (meter.settings().heatSplitSeconds() * 1e9));
        if (splitAt != null) {
            // split for heat: the partition count grows, the throughput is divided anew
            PartitionMap map = gsi == null ? partitions : gsi.partitions;
            map.splitAt(splitAt, now);
        }
        (read ? p.readShare : p.writeShare).take(units, now);
        (read ? p.readHard : p.writeHard).take(units, now);
        TokenBucket max = gsi == null ? (read ? maxRead : maxWrite) : (read ? gsi.maxRead : gsi.maxWrite);
        if (max != null) max.take(units, now);
        if (gsi == null) {
            (read ? tableRead : tableWrite).take(units, now);
            if (definition.payPerRequest() && (read ? rampRead : rampWrite).take(units, now)) growOnDemand(now);
        }
    }

    /** Charges a committed (or no-op) write: the table's units to the item's partition, each index's to its own. */
    public void chargeWrite(Partition p, WriteCapacity w, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem) {
        chargeWrite(p, w, oldItem, newItem, 0);
    }

    /**
     * Takes an estimate of a write's units from its partition's credit before it runs: a batch
     * admits all its items before writing them in one commit, and each admission must see the
     * items admitted before it. {@link #chargeWrite(Partition, WriteCapacity, Map, Map, double)}
     * then takes only the rest. Returns the units taken (none unless enforcing).
     */
    public double prepayWrite(Partition p, Map<String, AttributeValue> newItem) {
        if (!enforce()) return 0;
        // the estimate: the new item's size (a delete: one unit); the old item is not known yet
        double units = CapacityUnits.write(newItem == null ? 0 : io.basalt.model.ItemSize.of(newItem));
        take(null, p, false, units, meter.now());
        return units;
    }

    /** {@link #chargeWrite(Partition, WriteCapacity, Map, Map)} of a write whose {@code prepaid} units were taken already. */
    public void chargeWrite(Partition p, WriteCapacity w, Map<String, AttributeValue> oldItem, Map<String, AttributeValue> newItem,
                            double prepaid) {
        usage.write(w.table());
        p.usage().write(w.table());
        p.addSize(w.sizeDelta());
        long now = enforce() ? meter.now() : 0;
        if (enforce()) take(null, p, false, w.table() - prepaid, now);
        if (!w.localIndexes().isEmpty()) {
            for (Map.Entry<String, Double> e : w.localIndexes().entrySet()) {
                IndexCapacity ic = indexes.get(e.getKey());
                if (ic != null) ic.usage().write(e.getValue());
            }
        }
        if (!w.globalIndexes().isEmpty()) {
            for (Map.Entry<String, Double> e : w.globalIndexes().entrySet()) {
                IndexCapacity ic = indexes.get(e.getKey());
                if (ic == null) continue;
                ic.usage().write(e.getValue());
                Map<String, AttributeValue> holder = IndexEntries.indexed(ic.definition, newItem) ? newItem : oldItem;
                Partition ip = ic.partitions.find(PartitionHash.of(ic.definition.keys().hashValues(holder)));
                ip.usage().write(e.getValue());
                if (enforce()) take(ic, ip, false, e.getValue(), now);
            }
        }
        growForSize();
    }

    /** A write refused by its condition still costs the units of the existing item (at least one). */
    public void chargeFailedWrite(Partition p, long existingItemBytes, boolean transactional) {
        double units = transactional ? CapacityUnits.transactionalWrite(existingItemBytes) : CapacityUnits.write(existingItemBytes);
        usage.write(units);
        p.usage().write(units);
        if (enforce()) take(null, p, false, units, meter.now());
    }

    /** An on-demand table that reached a new peak gets the partitions to serve double of it. */
    private void growOnDemand(long now) {
        int count = (int) Math.max(Math.ceil(rampRead.allowed() / CapacitySettings.PARTITION_MAX_RCU),
                Math.ceil(rampWrite.allowed() / CapacitySettings.PARTITION_MAX_WCU));
        partitions.growTo(count, now);
        setShares(partitions, true, 0, 0, now);
    }

    /** Splits partitions when the data outgrows them (one per partitionBytes); a size check, no scan. */
    private void growForSize() {
        long pb = meter.settings().partitionBytes();
        long bytes = sizeBytes.get();
        if (bytes > (long) partitions.count() * pb) {
            long now = meter.now();
            partitions.growTo(CapacitySettings.partitionCount(bytes, 0, 0, pb), now);
            setShares(partitions, definition.payPerRequest(), rcu(definition), wcu(definition), now);
        }
    }
}
