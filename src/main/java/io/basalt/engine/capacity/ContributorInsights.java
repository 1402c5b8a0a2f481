package io.basalt.engine.capacity;

import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Contributor Insights of a table (and its indexes) while enabled: how often each partition key
 * was accessed and throttled. Bounded: once {@link #MAX_KEYS} keys are tracked per index, new keys
 * are counted under "(other)", so a key-per-request workload cannot grow it without limit.
 */
public final class ContributorInsights {
    public static final int MAX_KEYS = 10_000;
    private static final String OTHER = "(other)";
    private static final String TABLE = "";
    private static final String KEYS = "\u0000keys"; // no index is named so

    /** The setting of a table ({@code index} null) or one of its GSIs. */
    public record Scope(boolean enabled, boolean throttledOnly, double lastUpdate) {}

    private final Map<String, Scope> scopes = new ConcurrentHashMap<>();
    private final Map<String, Map<String, LongAdder>> accessed = new ConcurrentHashMap<>();
    private final Map<String, Map<String, LongAdder>> throttled = new ConcurrentHashMap<>();

    /** Enables (keeping counts already gathered) or disables (dropping them) a table or GSI. */
    public void set(String index, boolean enable, boolean throttledOnly, double now) {
        String k = index == null ? TABLE : index;
        scopes.put(k, new Scope(enable, throttledOnly, now));
        if (!enable) {
            accessed.remove(k);
            throttled.remove(k);
        }
    }

    /** The setting of a table or GSI, null when never changed. */
    public Scope scope(String index) {
        return scopes.get(index == null ? TABLE : index);
    }

    public boolean anyEnabled() {
        for (Scope s : scopes.values()) if (s.enabled()) return true;
        return false;
    }

    void accessed(String index, Object key) {
        Scope s = scopes.get(index == null ? TABLE : index);
        if (s != null && s.enabled() && !s.throttledOnly()) count(accessed, index, key);
    }

    /** A whole key (partition and sort key) of the table was accessed: the service's sort-key rules. */
    void accessedKey(AttributeValue partitionKey, AttributeValue sortKey) {
        Scope s = scopes.get(TABLE);
        if (s != null && s.enabled() && !s.throttledOnly() && sortKey != null) count(accessed, KEYS, List.of(partitionKey, sortKey));
    }

    /** The most accessed whole keys (partition and sort key) of the table, most first. */
    public List<Contributor> topAccessedKeys(int n) {
        return top(accessed, KEYS, n);
    }

    void throttled(String index, Object key) {
        Scope s = scopes.get(index == null ? TABLE : index);
        if (s != null && s.enabled()) count(throttled, index, key);
    }

    private static void count(Map<String, Map<String, LongAdder>> into, String index, Object key) {
        if (key == null) return;
        Map<String, LongAdder> m = into.computeIfAbsent(index == null ? TABLE : index, k -> new ConcurrentHashMap<>());
        String k = render(key);
        LongAdder a = m.get(k);
        if (a == null) {
            if (m.size() >= MAX_KEYS) k = OTHER;
            a = m.computeIfAbsent(k, x -> new LongAdder());
        }
        a.increment();
    }

    /** A key as shown in the insights: S and N as text, B as base64, several values joined by '#'. */
    public static String render(Object key) {
        if (key instanceof List<?> l) {
            StringBuilder sb = new StringBuilder();
            for (Object o : l) sb.append(sb.isEmpty() ? "" : "#").append(render(o));
            return sb.toString();
        }
        return switch ((AttributeValue) key) {
            case AttributeValue.S s -> s.value();
            case AttributeValue.N n -> n.value().toString();
            case AttributeValue.B b -> Base64.getEncoder().encodeToString(b.value());
            default -> key.toString();
        };
    }

    /** A key and its count. */
    public record Contributor(String key, long count) {}

    /** The most accessed keys of the table ({@code index} null) or an index, most first. */
    public List<Contributor> topAccessed(String index, int n) {
        return top(accessed, index, n);
    }

    public List<Contributor> topThrottled(String index, int n) {
        return top(throttled, index, n);
    }

    private static List<Contributor> top(Map<String, Map<String, LongAdder>> from, String index, int n) {
        Map<String, LongAdder> m = from.get(index == null ? TABLE : index);
        List<Contributor> out = new ArrayList<>();
        if (m == null) return out;
        for (Map.Entry<String, LongAdder> e : m.entrySet()) out.add(new Contributor(e.getKey(), e.getValue().sum()));
        out.sort(Comparator.comparingLong(Contributor::count).reversed().thenComparing(Contributor::key));
        return out.size() > n ? new ArrayList<>(out.subList(0, n)) : out;
    }
}
