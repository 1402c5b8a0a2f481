package io.basalt.migrate.verify;

import io.basalt.migrate.load.DynamoTarget;
import io.basalt.migrate.load.ItemMapper;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.SqlValues;
import io.basalt.model.AttributeValue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * {@code migrate verify}: per entity, the source rows (those the mapping accepts: rows it refuses
 * are reported apart, as the load skipped them) against the target's items of that entity (a
 * parallel Scan of the table, items attributed to an entity by the constant prefixes of its key
 * templates); then a simple random sample without replacement (reservoir sampling over one pass
 * of the query), or every row, mapped again and compared attribute by attribute with the item read
 * by its key (BatchGetItem, strongly consistent).
 */
public final class Verifier {
    private static final int MAX_LISTED = 1000;
    private final Model model;
    private final Connection source;
    private final DynamoDbClient ddb;
    private final long sample; // <= 0: all
    private final Random random;
    private final ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);

    /** Source keys per entity that the run's error file lists as skipped or refused by the target: their missing items are explained. */
    private final Map<String, java.util.Set<Map<String, String>>> explained;

    public Verifier(Model model, Connection source, DynamoDbClient ddb, long sample, long seed) {
        this(model, source, ddb, sample, seed, Map.of());
    }

    public Verifier(Model model, Connection source, DynamoDbClient ddb, long sample, long seed, Map<String, java.util.Set<Map<String, String>>> explained) {
        this.explained = explained;
        this.model = model;
        this.source = source;
        this.ddb = ddb;
        this.sample = sample;
        this.random = new Random(seed);
    }

    private record Expected(Map<String, String> sourceKey, Map<String, AttributeValue> item) {}

    public Map<String, Object> run() throws SQLException {
        Map<String, Map<String, Long>> targetCounts = new HashMap<>();
        Map<String, Object> entities = new LinkedHashMap<>();
        List<Map<String, Object>> mismatches = new ArrayList<>();
        long mismatchCount = 0;
        for (Entity e : model.entities()) {
            Model.Table table = model.table(e.table()).orElseThrow(() -> new ModelException("entity " + e.name() + ": no table " + e.table()));
            Map<String, Long> counts = targetCounts.computeIfAbsent(table.name(), t -> countItems(table));
            long rows = 0, refused = 0, compared = 0, entityMismatches = 0, listedByRun = 0;
            List<Expected> reservoir = new ArrayList<>();
            try (PreparedStatement ps = source.prepareStatement("SELECT * FROM (" + e.query().strip().replaceAll(";+$", "") + ") basalt_q")) {
                ps.setFetchSize(1000);
                try (ResultSet rs = ps.executeQuery()) {
                    ItemMapper m = new ItemMapper(e, table, mapping, rs.getMetaData());
                    List<String> keyCols = m.keyColumns(table);
                    while (rs.next()) {
                        rows++;
                        ItemMapper.Mapped mapped = m.map(rs);
                        if (!mapped.ok()) {
                            refused++;
                            continue;
                        }
                        Map<String, String> key = new LinkedHashMap<>();
                        for (String k : keyCols) key.put(k, SqlValues.read(rs, rs.findColumn(k), m.columnOf(k).kind()));
                        if (explained.getOrDefault(e.name(), java.util.Set.of()).contains(key)) { // the run listed it: no item expected
                            refused++;
                            listedByRun++;
                            continue;
                        }
                        Expected x = new Expected(key, mapped.item());
                        long seen = rows - refused;
                        if (sample <= 0) {
                            reservoir.add(x);
                            if (reservoir.size() == 100) {
                                entityMismatches += compare(e, table, reservoir, mismatches);
                                compared += reservoir.size();
                                reservoir.clear();
                            }
                        } else if (reservoir.size() < sample) {
                            reservoir.add(x);
                        } else {
                            long j = (long) (random.nextDouble() * seen);
                            if (j < sample) reservoir.set((int) j, x);
                        }
                    }
                }
            }
            for (int i = 0; i < reservoir.size(); i += 100) {
                List<Expected> chunk = reservoir.subList(i, Math.min(reservoir.size(), i + 100));
                entityMismatches += compare(e, table, chunk, mismatches);
                compared += chunk.size();
            }
            long items = counts.getOrDefault(e.name(), 0L);
            boolean countsMatch = items == rows - refused;
            if (!countsMatch) {
                entityMismatches++;
                listed(mismatches, Map.of("entity", e.name(), "problem", "count", "expectedItems", rows - refused, "targetItems", items));
            }
            Map<String, Object> em = new LinkedHashMap<>();
            em.put("sourceRows", rows);
            em.put("refusedByMapping", refused - listedByRun);
            em.put("explainedByRunErrors", listedByRun);
            em.put("expectedItems", rows - refused);
            em.put("targetItems", items);
            em.put("countsMatch", countsMatch);
            em.put("compared", compared);
            em.put("mismatches", entityMismatches);
            entities.put(e.name(), em);
            mismatchCount += entityMismatches;
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("mode", sample <= 0 ? "all" : "sample of " + sample);
        out.put("entities", entities);
        out.put("mismatches", mismatchCount);
        out.put("listed", mismatches);
        out.put("clean", mismatchCount == 0);
        return out;
    }

    private static void listed(List<Map<String, Object>> list, Map<String, Object> m) {
        if (list.size() < MAX_LISTED) list.add(m);
    }

    /** Reads the expected items by key and compares them; returns the number of mismatching records. */
    private long compare(Entity e, Model.Table table, List<Expected> expected, List<Map<String, Object>> mismatches) {
        Map<Map<String, AttributeValue>, Expected> byKey = new LinkedHashMap<>();
        for (Expected x : expected) {
            Map<String, AttributeValue> key = new LinkedHashMap<>();
            for (String k : table.keyAttributeNames()) key.put(k, x.item().get(k));
            byKey.put(key, x);
        }
        Map<Map<String, AttributeValue>, Map<String, AttributeValue>> found = new HashMap<>();
        Map<String, KeysAndAttributes> request = Map.of(table.name(), KeysAndAttributes.builder().consistentRead(true)
                .keys(byKey.keySet().stream().map(DynamoTarget::toSdk).toList()).build());
        while (!request.isEmpty()) {
            var sending = request;
            var resp = ddb.batchGetItem(b -> b.requestItems(sending));
            for (var item : resp.responses().getOrDefault(table.name(), List.of())) {
                Map<String, AttributeValue> got = DynamoTarget.fromSdk(item);
                Map<String, AttributeValue> key = new LinkedHashMap<>();
                for (String k : table.keyAttributeNames()) key.put(k, got.get(k));
                found.put(key, got);
            }
            request = resp.hasUnprocessedKeys() ? resp.unprocessedKeys() : Map.of();
        }
        long bad = 0;
        for (var entry : byKey.entrySet()) {
            Expected x = entry.getValue();
            Map<String, AttributeValue> got = found.get(entry.getKey());
            List<String> diffs = new ArrayList<>();
            if (got == null) {
                diffs.add("no item with this key in the target");
            } else {
                Set<String> names = new LinkedHashSet<>(x.item().keySet());
                names.addAll(got.keySet());
                for (String n : names) {
                    AttributeValue want = x.item().get(n), have = got.get(n);
                    if (want == null || have == null || !want.equals(have)) {
                        diffs.add(n + ": source " + show(want) + ", target " + show(have));
                    }
                }
            }
            if (!diffs.isEmpty()) {
                bad++;
                listed(mismatches, Map.of("entity", e.name(), "key", x.sourceKey(), "differences", diffs));
            }
        }
        return bad;
    }

    private static String show(AttributeValue v) {
        if (v == null) return "(absent)";
        String s = v.toString();
        return s.length() > 80 ? s.substring(0, 80) + "..." : s;
    }

    /** Items of the table per entity (4 parallel Scan segments, key attributes only). */
    private Map<String, Long> countItems(Model.Table table) {
        List<Entity> of = model.entitiesOf(table.name());
        Map<String, Long> counts = new ConcurrentHashMap<>();
        AtomicLong unattributed = new AtomicLong();
        List<String> keys = table.keyAttributeNames();
        Map<String, String> names = new HashMap<>();
        for (int i = 0; i < keys.size(); i++) names.put("#k" + i, keys.get(i));
        String projection = String.join(", ", names.keySet());
        int segments = 4;
        IntStream.range(0, segments).parallel().forEach(seg -> {
            Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> start = null;
            do {
                var from = start;
                var resp = ddb.scan(b -> b.tableName(table.name()).segment(seg).totalSegments(segments).projectionExpression(projection)
                        .expressionAttributeNames(names).exclusiveStartKey(from));
                for (var item : resp.items()) {
                    String entity = entityOf(of, item);
                    if (entity == null) unattributed.incrementAndGet();
                    else counts.merge(entity, 1L, Long::sum);
                }
                start = resp.hasLastEvaluatedKey() && !resp.lastEvaluatedKey().isEmpty() ? resp.lastEvaluatedKey() : null;
            } while (start != null);
        });
        return counts;
    }

    /** The entity whose key templates' constant prefixes the item's key values start with (the only one, when the table has one). */
    private static String entityOf(List<Entity> entities, Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        if (entities.size() == 1) return entities.get(0).name();
        for (Entity e : entities) {
            boolean all = true;
            for (var k : e.key().entrySet()) {
                var v = item.get(k.getKey());
                if (v == null) continue; // not a key attribute of this table
                String text = v.s() != null ? v.s() : v.n();
                String template = k.getValue();
                int brace = template.indexOf('{');
                if (text == null || (brace < 0 ? !text.equals(template) : !text.startsWith(template.substring(0, brace)))) {
                    all = false;
                    break;
                }
            }
            if (all) return e.name();
        }
        return null;
    }
}
