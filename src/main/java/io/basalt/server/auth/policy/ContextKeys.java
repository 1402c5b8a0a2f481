package io.basalt.server.auth.policy;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The condition keys of one request ({@code aws:username}, {@code dynamodb:LeadingKeys}, ...): each
 * absent, or present with one value or a set of values. Key names are case-insensitive, as in IAM.
 */
public final class ContextKeys {
    private final Map<String, List<String>> values = new HashMap<>();
    /** Keys under {@link #deferredPrefix} not asked for yet: costly to know, added at their first look-up. */
    private java.util.function.Supplier<ContextKeys> deferred;
    private String deferredPrefix;

    /** Sets a single-valued key (null: absent). */
    public ContextKeys put(String key, String value) {
        if (value != null) values.put(key.toLowerCase(Locale.ROOT), List.of(value));
        return this;
    }

    /** Sets a multivalued key (an empty set is present but empty; null: absent). */
    public ContextKeys putAll(String key, java.util.Collection<String> set) {
        if (set != null) values.put(key.toLowerCase(Locale.ROOT), List.copyOf(new java.util.LinkedHashSet<>(set)));
        return this;
    }

    /**
     * Keys (named {@code prefix...}) that are only worked out when a condition asks for one of them:
     * {@code more} runs at most once, at the first look-up of an absent key with that prefix, and its
     * keys (none when it gives null) are added.
     */
    public ContextKeys deferring(String prefix, java.util.function.Supplier<ContextKeys> more) {
        this.deferredPrefix = prefix.toLowerCase(Locale.ROOT);
        this.deferred = more;
        return this;
    }

    /** A copy (without deferred keys) to which per-resource keys can be added. */
    public ContextKeys copy() {
        ContextKeys c = new ContextKeys();
        c.values.putAll(values);
        return c;
    }

    /** The key's values, or null when the request does not have it. */
    public List<String> get(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        List<String> v = values.get(k);
        if (v == null && deferred != null && k.startsWith(deferredPrefix)) {
            java.util.function.Supplier<ContextKeys> more = deferred;
            deferred = null;
            ContextKeys added = more.get();
            if (added != null) added.values.forEach(values::putIfAbsent);
            v = values.get(k);
        }
        return v;
    }

    /** A single-valued key's value for policy variables (null when absent or multivalued). */
    public String single(String key) {
        List<String> v = get(key);
        return v != null && v.size() == 1 ? v.get(0) : null;
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
