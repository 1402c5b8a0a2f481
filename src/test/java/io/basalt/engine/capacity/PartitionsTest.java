package io.basalt.engine.capacity;

import io.basalt.engine.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.OnDemandLimits;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.KeyShape;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Partitions, burst, adaptive capacity, splits and on-demand limits of the engine, on a manual
 * clock: minutes of simulated traffic run in milliseconds. The numbers are the seed's worked
 * examples ("Understand Partition Behavior", "Use Burst Capacity Sparingly").
 */
class PartitionsTest {
    private final ManualClock clock = new ManualClock();
    private final AtomicLong size = new AtomicLong();

    private CapacityMeter meter(CapacitySettings s) {
        return new CapacityMeter(s, clock);
    }

    private CapacityMeter enforcing() {
        return meter(CapacitySettings.defaults().withMode(CapacityMode.ENFORCE));
    }

    static TableDefinition table(String billing, long rcu, long wcu, OnDemandLimits limits, List<IndexDefinition> gsis) {
        return new TableDefinition("t", 1, "u", 0, Map.of("pk", AttrType.S), new KeyShape("pk", AttrType.S, null, null), billing,
                Throughput.of(rcu, wcu), 0, limits, List.of(), gsis, StreamSettings.NONE, false, null, null, Map.of(), null);
    }

    static TableDefinition provisioned(long rcu, long wcu) {
        return table(TableDefinition.PROVISIONED, rcu, wcu, OnDemandLimits.NONE, List.of());
    }

    private TableCapacity capacity(CapacityMeter m, TableDefinition d) {
        return new TableCapacity(m, d, size);
    }

    private static AttributeValue s(String v) {
        return new AttributeValue.S(v);
    }

    private static Map<String, AttributeValue> key(String pk) {
        return Map.of("pk", s(pk));
    }

    private static WriteCapacity units(double wcu) {
        return new WriteCapacity(wcu, Map.of(), Map.of(), 0);
    }

    /**
     * Writes at {@code perSecond} write units for {@code seconds}, in 1 ms ticks, each write of
     * {@code unitsPerWrite} to the key {@code keys.apply(n)}; returns how many were throttled.
     */
    private int writeLoad(TableCapacity t, double seconds, int perSecond, int unitsPerWrite, IntFunction<String> keys) {
        long ticks = (long) (seconds * 1000);
        int throttled = 0, n = 0;
        double owed = 0;
        for (long tick = 0; tick < ticks; tick++) {
            owed += perSecond / (double) unitsPerWrite / 1000.0;
            while (owed >= 1) {
                owed -= 1;
                try {
                    Partition p = t.admitWrite("us-east-1", key(keys.apply(n++)), null);
                    t.chargeWrite(p, units(unitsPerWrite), null, null);
                } catch (Throttled e) {
                    throttled++;
                }
            }
            clock.advanceMillis(1);
        }
        // the load offered what was asked (a rounding of the last fraction aside)
        double offered = seconds * perSecond / unitsPerWrite;
        assertTrue(Math.abs(n - offered) <= 1, "offered " + n + " writes, asked for " + offered);
        return throttled;
    }

    // ------------------------------------------------------------------ partition counts

    @Test
    void seedWorkedNumbers() {
        CapacityMeter m = meter(CapacitySettings.defaults());
        TableCapacity small = capacity(m, provisioned(1000, 500));
        assertEquals(1, small.partitions().count(), "1,000 RCU / 500 WCU: 0.33 + 0.5 -> one partition");

        TableCapacity two = capacity(m, provisioned(1000, 1000));
        assertEquals(2, two.partitions().count(), "1,000 / 1,000: 0.33 + 1 -> two partitions");
        for (Partition p : two.partitions().partitions()) {
            assertEquals(500, p.readShare(), 1e-9);
            assertEquals(500, p.writeShare(), 1e-9);
        }

        size.set(500 * CapacitySettings.GB);
        TableCapacity big = capacity(m, provisioned(100_000, 0));
        assertEquals(50, big.partitions().count(), "500 GB / 10 GB = 50 partitions (more than 100,000 / 3,000)");
        assertEquals(2000, big.partitions().partitions().get(0).readShare(), 1e-9);
        size.set(0);
    }

    @Test
    void partitionsNeverDecrease() {
        CapacityMeter m = meter(CapacitySettings.defaults());
        TableDefinition bulk = provisioned(0, 11_000);
        TableCapacity t = capacity(m, bulk);
        assertEquals(11, t.partitions().count(), "bulk load at 11,000 WCU: 11 partitions of 1,000");
        assertEquals(1000, t.partitions().partitions().get(0).writeShare(), 1e-9);
        t.sync(bulk.toBuilder().throughput(Throughput.of(0, 200)).build());
        assertEquals(11, t.partitions().count(), "decreasing throughput keeps the partitions");
        for (Partition p : t.partitions().partitions()) assertEquals(200.0 / 11, p.writeShare(), 1e-9); // about 18 each
        t.sync(bulk.toBuilder().throughput(Throughput.of(0, 1900)).build());
        assertEquals(11, t.partitions().count());
        TableCapacity slow = capacity(m, provisioned(0, 1900));
        assertEquals(2, slow.partitions().count(), "a slower bulk load at 1,900 WCU needs only two partitions");
    }

    @Test
    void partitionsCoverTheHashSpaceInOrder() {
        TableCapacity t = capacity(meter(CapacitySettings.defaults()), provisioned(30_000, 0));
        List<Partition> parts = t.partitions().partitions();
        assertEquals(10, parts.size());
        assertEquals(0L, parts.get(0).start());
        assertEquals(-1L, parts.get(parts.size() - 1).end());
        for (int i = 1; i < parts.size(); i++) assertEquals(parts.get(i - 1).end() + 1, parts.get(i).start());
        for (long h : new long[] {0, 1, Long.MAX_VALUE, Long.MIN_VALUE, -1}) assertTrue(t.partitions().find(h).contains(h));
    }

    @Test
    void dataGrowthSplitsPartitions() {
        CapacityMeter m = meter(CapacitySettings.defaults().withPartitionBytes(1000));
        TableCapacity t = capacity(m, provisioned(10, 10));
        assertEquals(1, t.partitions().count());
        size.set(4500);
        Partition p = t.admitWrite("us-east-1", key("k"), null);
        t.chargeWrite(p, new WriteCapacity(1, Map.of(), Map.of(), 4500), null, null);
        assertEquals(5, t.partitions().count(), "4,500 bytes at 1,000 per partition");
        for (Partition x : t.partitions().partitions()) assertEquals(2.0, x.writeShare(), 1e-9, "the throughput is divided anew");
    }

    // ------------------------------------------------------------------ hot keys

    private static final String[] STATUS = new String[100];
    static {
        // the seed's status_code column: most requests share one value
        for (int i = 0; i < 100; i++) STATUS[i] = i < 70 ? "200" : i < 85 ? "404" : i < 95 ? "500" : "302";
    }

    @Test
    void lowCardinalityKeyThrottlesWhereUniformKeysDoNot() {
        // 4,000 WCU: 4 partitions of 1,000 each; the load is 2,000 WCU/s, half the table's capacity
        TableCapacity uniform = capacity(enforcing(), provisioned(0, 4000));
        assertEquals(4, uniform.partitions().count());
        assertEquals(0, writeLoad(uniform, 5, 2000, 1, n -> "user-" + n));

        TableCapacity status = capacity(enforcing(), provisioned(0, 4000));
        int throttled = writeLoad(status, 5, 2000, 1, n -> STATUS[n % 100]);
        assertTrue(throttled > 1000, "70% of 2,000 WCU/s on one key exceeds the partition's 1,000 WCU hard limit: " + throttled);

        // write sharding with a calculated suffix (seed 002): the key stays computable for reads
        TableCapacity sharded = capacity(enforcing(), provisioned(0, 4000));
        assertEquals(0, writeLoad(sharded, 5, 2000, 1, n -> STATUS[n % 100] + "." + (suffix("order-" + n))));
    }

    /**
     * A suffix calculated from the item's own id, 1..200, as seed 002 advises (it suggests the
     * product of the characters' codes; a product modulo 200 soon sticks at 0 for ids with digits,
     * so this uses a polynomial hash of them instead).
     */
    static int suffix(String id) {
        return Math.floorMod(id.hashCode(), 200) + 1;
    }

    @Test
    void burstAbsorbsAShortSpikeNotALongOne() {
        // 10 WCU, one partition, 300 s of burst credit (3,000 units) when idle
        TableCapacity shortSpike = capacity(enforcing(), provisioned(10, 10));
        assertEquals(0, writeLoad(shortSpike, 20, 100, 1, n -> "k" + n), "20 s at 100 WCU/s: 1,800 above the rate, within the burst");

        TableCapacity longSpike = capacity(enforcing(), provisioned(10, 10));
        int throttled = writeLoad(longSpike, 60, 100, 1, n -> "k" + n);
        assertTrue(throttled > 2000, "60 s at 100 WCU/s outruns 3,000 units of burst: " + throttled);
        // the bucket refills at 10/s: after 300 idle seconds the whole burst is back
        clock.advanceSeconds(300);
        assertEquals(0, writeLoad(longSpike, 20, 100, 1, n -> "k" + n));
    }

    @Test
    void adaptiveCapacityLendsUnusedTableCapacityToAHotPartition() {
        // 1,200 WCU: two partitions of 600; one partition takes 900 WCU/s, the other 100 WCU/s
        IntFunction<String> skewed = n -> n % 10 == 0 ? coldKey : hotKey;
        TableCapacity fixed = capacity(meter(CapacitySettings.defaults().withMode(CapacityMode.ENFORCE).withAdaptive(false)
                .withHeatSplitSeconds(0)), provisioned(10, 1200));
        assertTrue(writeLoad(fixed, 700, 1000, 100, skewed) > 0, "without adaptive capacity the hot partition runs out once its burst is gone");
        TableCapacity adaptive = capacity(meter(CapacitySettings.defaults().withMode(CapacityMode.ENFORCE).withHeatSplitSeconds(0)),
                provisioned(10, 1200));
        assertEquals(0, writeLoad(adaptive, 700, 1000, 100, skewed), "the table has 200 WCU/s unused to lend");
    }

    private String hotKey = "hot";
    private String coldKey = coldKeyFor();

    /** A key that lands in the other partition of a two-partition table than "hot". */
    private static String coldKeyFor() {
        PartitionMap two = new PartitionMap(2, 0, 0, 300, 0);
        Partition hot = two.find(PartitionHash.of(new AttributeValue.S("hot")));
        for (int i = 0; ; i++) {
            if (two.find(PartitionHash.of(new AttributeValue.S("cold" + i))) != hot) return "cold" + i;
        }
    }

    @Test
    void aPersistentlyHotPartitionIsSplitForHeat() {
        CapacityMeter m = meter(CapacitySettings.defaults().withMode(CapacityMode.ENFORCE).withHeatSplitSeconds(60));
        TableCapacity t = capacity(m, provisioned(0, 1000));
        assertEquals(1, t.partitions().count());
        // 800 WCU/s over two keys, for two minutes: hot (over half the 1,000 WCU hard limit) long enough
        writeLoad(t, 120, 800, 8, n -> n % 2 == 0 ? "a" : "b");
        assertTrue(t.partitions().count() >= 2, "split for heat: " + t.partitions().count());
        long ha = PartitionHash.of(s("a")), hb = PartitionHash.of(s("b"));
        assertTrue(t.partitions().find(ha) != t.partitions().find(hb), "the split falls between the two hot keys");

        // a single hot key cannot be split further
        TableCapacity single = capacity(m, provisioned(0, 1000));
        writeLoad(single, 120, 800, 8, n -> "only");
        assertEquals(1, single.partitions().count(), single.partitions().partitions().toString());
    }

    // ------------------------------------------------------------------ on demand and indexes

    @Test
    void onDemandMaximumIsEnforced() {
        TableCapacity t = capacity(enforcing(), table(TableDefinition.PAY_PER_REQUEST, 0, 0, new OnDemandLimits(-1, 100), List.of()));
        assertEquals(4, t.partitions().count(), "a new on-demand table: 4 partitions");
        Throttled seen = null;
        int throttled = 0;
        for (int i = 0; i < 1000; i++) {
            try {
                t.chargeWrite(t.admitWrite("eu-west-1", key("k" + i), null), units(1), null, null);
            } catch (Throttled e) {
                throttled++;
                seen = e;
            }
            clock.advanceMillis(2); // 500 WCU/s against a maximum of 100
        }
        assertTrue(throttled > 500, "" + throttled);
        assertNotNull(seen);
        assertEquals("com.amazon.coral.availability#ThrottlingException", seen.type().wireType());
        assertEquals("TableWriteMaxOnDemandThroughputExceeded", seen.reason());
        assertEquals("arn:aws:dynamodb:eu-west-1:123456789012:table/t", seen.resource());
    }

    @Test
    void onDemandServesDoubleThePreviousPeak() {
        TableCapacity t = capacity(enforcing(), table(TableDefinition.PAY_PER_REQUEST, 0, 0, OnDemandLimits.NONE, List.of()));
        assertEquals(0, writeLoad(t, 5, 3000, 1, n -> "u" + n), "3,000 WCU/s: within double the initial peak of 2,000");
        int throttled = writeLoad(t, 5, 6000, 2, n -> "u" + n);
        assertTrue(throttled > 0, "6,000 WCU/s is more than a new on-demand table serves at once");
    }

    @Test
    void onDemandGrowsAfterASustainedPeak() {
        TableCapacity t = capacity(enforcing(), table(TableDefinition.PAY_PER_REQUEST, 0, 0, OnDemandLimits.NONE, List.of()));
        assertTrue(writeLoad(t, 5, 5500, 100, n -> "u" + n) > 0, "5,500 WCU/s is more than a new on-demand table serves");
        clock.advanceSeconds(60);
        // 3,000 WCU/s for 31 minutes: within double the initial peak, and a new peak once sustained for 30 minutes
        assertEquals(0, writeLoad(t, 31 * 60, 3000, 10, n -> "u" + n));
        // the highest second seen (the admitted part of the first burst, about 4,000) became the peak
        assertTrue(t.partitions().count() >= 6, "partitions for double the new peak: " + t.partitions().count());
        assertEquals(0, writeLoad(t, 5, 5500, 10, n -> "u" + n), "now within double the previous peak");
    }

    @Test
    void underProvisionedGsiThrottlesTableWrites() {
        IndexDefinition gsi = new IndexDefinition("by_g", 2, true, new KeyShape("g", AttrType.S, null, null), "ALL", List.of(),
                Throughput.of(5, 5), OnDemandLimits.NONE, IndexDefinition.ACTIVE);
        TableCapacity t = capacity(enforcing(), table(TableDefinition.PROVISIONED, 100, 100, OnDemandLimits.NONE, List.of(gsi)));
        Throttled seen = null;
        for (int i = 0; i < 3000 && seen == null; i++) {
            Map<String, AttributeValue> item = Map.of("pk", s("k" + i), "g", s("g" + (i % 7)));
            try {
                Partition p = t.admitWrite("us-east-1", item, item);
                t.chargeWrite(p, new WriteCapacity(1, Map.of("by_g", 1.0), Map.of(), 10), null, item);
            } catch (Throttled e) {
                seen = e;
            }
            clock.advanceMillis(10); // 100 writes/s: fine for the table, 20x the index's 5 WCU
        }
        assertNotNull(seen, "the index ran out of burst");
        assertEquals(Throttled.INDEX_MESSAGE, seen.getMessage());
        assertEquals("IndexWriteProvisionedThroughputExceeded", seen.reason());
        assertEquals("arn:aws:dynamodb:us-east-1:123456789012:table/t/index/by_g", seen.resource());
        // updates and deletes that touch the exhausted index are refused as well; others are not
        Map<String, AttributeValue> indexed = Map.of("pk", s("k1"), "g", s("g1"));
        Map<String, AttributeValue> notIndexed = Map.of("pk", s("k1"), "x", s("1"));
        Throttled update = org.junit.jupiter.api.Assertions.assertThrows(Throttled.class,
                () -> t.admitIndexWrites("us-east-1", indexed, Map.of("pk", s("k1"), "g", s("g2"))));
        assertEquals("IndexWriteProvisionedThroughputExceeded", update.reason());
        org.junit.jupiter.api.Assertions.assertThrows(Throttled.class, () -> t.admitIndexWrites("us-east-1", indexed, null));
        org.junit.jupiter.api.Assertions.assertThrows(Throttled.class, () -> t.admitIndexWrites("us-east-1", notIndexed, indexed));
        t.admitIndexWrites("us-east-1", notIndexed, Map.of("pk", s("k1"), "x", s("2")));
    }

    @Test
    void gsiReadsUseTheIndexPartitionsAndLsiReadsTheTables() {
        IndexDefinition gsi = new IndexDefinition("by_g", 2, true, new KeyShape("g", AttrType.S, null, null), "ALL", List.of(),
                Throughput.of(1, 1), OnDemandLimits.NONE, IndexDefinition.ACTIVE);
        IndexDefinition lsi = new IndexDefinition("by_l", 3, false, new KeyShape("pk", AttrType.S, "l", AttrType.S), "ALL", List.of(),
                Throughput.ON_DEMAND, OnDemandLimits.NONE, IndexDefinition.ACTIVE);
        TableDefinition d = new TableDefinition("t", 1, "u", 0, Map.of("pk", AttrType.S), new KeyShape("pk", AttrType.S, "sk", AttrType.S),
                TableDefinition.PROVISIONED, Throughput.of(1000, 10), 0, OnDemandLimits.NONE, List.of(lsi), List.of(gsi), StreamSettings.NONE,
                false, null, null, Map.of(), null);
        TableCapacity t = capacity(enforcing(), d);
        long gh = PartitionHash.of(s("g1"));
        // the GSI has 1 RCU: 300 units of burst, then the index, not the table, refuses
        for (int i = 0; i < 300; i++) t.chargeRead(gsi, t.admitRead("us-east-1", gsi, gh, null), 1);
        Throttled e = org.junit.jupiter.api.Assertions.assertThrows(Throttled.class, () -> t.admitRead("us-east-1", gsi, gh, null));
        assertEquals("IndexReadProvisionedThroughputExceeded", e.reason());
        assertEquals(300, t.indexes().get("by_g").usage().readUnits(), 1e-9);
        assertEquals(0, t.usage().readUnits(), 1e-9);
        // an LSI read is charged to the index's counters but the table's partition and throughput
        Partition p = t.admitRead("us-east-1", lsi, PartitionHash.of(s("k")), null);
        t.chargeRead(lsi, p, 2.5);
        assertEquals(2.5, t.indexes().get("by_l").usage().readUnits(), 1e-9);
        assertEquals(2.5, t.partitions().find(PartitionHash.of(s("k"))).usage().readUnits(), 1e-9);
    }

    @Test
    void offModeHandsOutNothing() {
        CapacityMeter m = meter(CapacitySettings.defaults().withMode(CapacityMode.OFF));
        assertEquals(CapacityMode.OFF, m.settings().mode());
        assertTrue(m.tables().isEmpty());
    }

    @Test
    void reportModeMetersButNeverThrottles() {
        TableCapacity t = capacity(meter(CapacitySettings.defaults()), provisioned(1, 1));
        assertEquals(0, writeLoad(t, 2, 5000, 1, n -> "same"));
        assertEquals(10_000, t.usage().writeUnits(), 1e-9);
        assertEquals(10_000, t.partitions().find(PartitionHash.of(s("same"))).usage().writeUnits(), 1e-9);
    }
}
