package io.basalt.engine.vector;

import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.engine.query.KeyRange;
import io.basalt.engine.query.ScanSegments;
import io.basalt.expression.Condition;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Exact (brute-force) k-nearest-neighbour search: every item of the table is read in key order,
 * those in the index (a valid embedding, the HASH attribute when the index has one) that pass the
 * search condition are scored against the query, and the TopK closest are kept. Ties keep the item
 * that comes first in the table's key order, so the same data always gives the same answer. Reading
 * the table itself keeps the search consistent with every write, delete and TTL expiry without an
 * index structure of its own; it is the reference the approximate engine will be measured against.
 */
public final class ExactVectorSearch {
    private final StorageEngine storage;

    public ExactVectorSearch(StorageEngine storage) {
        this.storage = storage;
    }

    /** One result: the stored item and its score. */
    public record Hit(Map<String, AttributeValue> item, double score) {}

    /**
     * @param hits closest first
     * @param examined how many indexed vectors the search compared
     */
    public record Result(List<Hit> hits, long examined) {}

    private record Ranked(Map<String, AttributeValue> item, double score, long order) {}

    /** The {@code topK} items of {@code index} closest to {@code query} among those {@code condition} (null: all) admits. */
    public Result search(TableDefinition table, VectorIndexDefinition index, float[] query, int topK, Condition condition) {
        DistanceFunction distance = DistanceFunction.valueOf(index.distanceFunction());
        // the worst of the kept results at the head, so it is the one a closer item replaces
        Comparator<Ranked> closestFirst = (a, b) -> {
            int c = distance.compare(a.score, b.score);
            return c != 0 ? c : Long.compare(a.order, b.order);
        };
        PriorityQueue<Ranked> kept = new PriorityQueue<>(topK + 1, closestFirst.reversed());
        long order = 0, examined = 0;
        String hash = index.hashAttribute();
        KeyRange range = ScanSegments.whole(table.id());
        StoredEmbedding embeddings = new StoredEmbedding(index.vectorAttribute(), index.dimensions());
        boolean needsItem = hash != null || condition != null;
        try (StorageCursor c = storage.scan(Space.ITEMS, range.from(), range.to(), false)) {
            while (c.next()) {
                order++;
                // the embedding is read from the stored bytes; the item is decoded only when the
                // condition needs it or it makes the TopK
                float[] v = embeddings.read(c.valueBytes(), c.valueOffset());
                if (v == null) continue;
                Map<String, AttributeValue> item = null;
                if (needsItem) {
                    item = ItemCodec.decode(c.valueBytes(), c.valueOffset());
                    if ((hash != null && !item.containsKey(hash)) || (condition != null && !condition.test(item))) continue;
                }
                examined++;
                double score = distance.score(query, v);
                if (Double.isNaN(score)) continue;
                if (kept.size() >= topK && closestFirst.compare(new Ranked(null, score, order), kept.peek()) >= 0) continue;
                if (item == null) item = ItemCodec.decode(c.valueBytes(), c.valueOffset());
                kept.add(new Ranked(item, score, order));
                if (kept.size() > topK) kept.poll();
            }
        }
        List<Ranked> ranked = new ArrayList<>(kept);
        ranked.sort(closestFirst);
        List<Hit> hits = new ArrayList<>(ranked.size());
        for (Ranked r : ranked) hits.add(new Hit(r.item, r.score));
        return new Result(hits, examined);
    }

    /** How many items of the table are in the index (a backfill's count). */
    public long indexedItems(TableDefinition table, VectorIndexDefinition index) {
        long n = 0;
        KeyRange range = ScanSegments.whole(table.id());
        StoredEmbedding embeddings = new StoredEmbedding(index.vectorAttribute(), index.dimensions());
        try (StorageCursor c = storage.scan(Space.ITEMS, range.from(), range.to(), false)) {
            while (c.next()) {
                if (embeddings.read(c.valueBytes(), c.valueOffset()) == null) continue;
                if (index.hashAttribute() == null
                        || ItemCodec.decode(c.valueBytes(), c.valueOffset()).containsKey(index.hashAttribute())) n++;
            }
        }
        return n;
    }
}
