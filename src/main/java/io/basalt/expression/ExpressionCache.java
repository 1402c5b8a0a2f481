package io.basalt.expression;

import io.basalt.model.AttributeValue;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Parsed expressions by (kind, text, placeholder maps): a repeated request does not parse again.
 * Parse results are immutable, so they are shared between requests. Bounded: when full, the cache
 * starts over (simple, and a working set far below the bound never notices).
 */
final class ExpressionCache {
    static final int MAX_ENTRIES = 4096;

    private record Key(ExpressionKind kind, String text, Map<String, String> names, Map<String, AttributeValue> values) {}

    /** A parse result with the placeholders it used (replayed into the request's context on a hit). */
    private record Entry(Object parsed, Set<String> usedNames, Set<String> usedValues) {}

    private static final Map<Key, Entry> CACHE = new ConcurrentHashMap<>();

    private ExpressionCache() {}

    @SuppressWarnings("unchecked")
    static <T> T get(ExpressionKind kind, String text, ExpressionContext ctx, java.util.function.Function<ExpressionContext, T> parse) {
        Key key = new Key(kind, text, ctx.names(), ctx.values());
        Entry e = CACHE.get(key);
        if (e == null) {
            ExpressionContext fresh = new ExpressionContext(ctx.names(), ctx.values());
            T parsed = parse.apply(fresh);
            e = new Entry(parsed, Set.copyOf(fresh.usedNames()), Set.copyOf(fresh.usedValues()));
            if (CACHE.size() >= MAX_ENTRIES) CACHE.clear();
            CACHE.put(key, e);
        }
        ctx.markUsed(e.usedNames(), e.usedValues());
        return (T) e.parsed();
    }

    static int size() {
        return CACHE.size();
    }
}
