package io.basalt.expression;

import io.basalt.error.DynamoException;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.NumberFormatError;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * A parsed update: SET, REMOVE, ADD and DELETE actions. Values are computed from the item as it was
 * before the update; the actions then apply to a copy (the input is never modified).
 */
public final class UpdateAction {
    record Set(Path path, UpdateValue value) {}

    record AddOrDelete(Path path, AttributeValue value) {}

    private final List<Set> sets;
    private final List<Path> removes;
    private final List<AddOrDelete> adds;
    private final List<AddOrDelete> deletes;

    UpdateAction(List<Set> sets, List<Path> removes, List<AddOrDelete> adds, List<AddOrDelete> deletes) {
        this.sets = sets;
        this.removes = removes;
        this.adds = adds;
        this.deletes = deletes;
    }

    /** Builds an update from legacy AttributeUpdates (one top-level path per action). */
    static UpdateAction of(List<Set> sets, List<Path> removes, List<AddOrDelete> adds, List<AddOrDelete> deletes) {
        return new UpdateAction(sets, removes, adds, deletes);
    }

    static DynamoException missingAttribute() {
        return DynamoException.validation("The provided expression refers to an attribute that does not exist in the item");
    }

    static DynamoException wrongType() {
        return DynamoException.validation("An operand in the update expression has an incorrect data type");
    }

    static DynamoException invalidPath() {
        return DynamoException.validation("The document path provided in the update expression is invalid for update");
    }

    List<Set> sets() { return sets; }

    List<Path> removes() { return removes; }

    List<AddOrDelete> adds() { return adds; }

    List<AddOrDelete> deletes() { return deletes; }

    /**
     * The size UpdateItem charges this statement, whatever the stored item holds (see
     * {@link UpdateStatementSize}); the service refuses an UpdateItem whose charge passes the item-size limit.
     */
    public long statementSize() {
        return UpdateStatementSize.of(this);
    }

    /** Whether applying this to a missing item creates it (REMOVE/DELETE-only updates do not). */
    public boolean createsItem() {
        // no action at all (an empty AttributeUpdates map) creates the item with its key, as an
        // UpdateItem without any update does; only removals and deletions from a missing item create nothing
        return !sets.isEmpty() || !adds.isEmpty() || (removes.isEmpty() && deletes.isEmpty());
    }

    /** Every path the update writes or removes, in clause order. */
    public List<Path> paths() {
        List<Path> all = new ArrayList<>();
        sets.forEach(s -> all.add(s.path()));
        all.addAll(removes);
        adds.forEach(a -> all.add(a.path()));
        deletes.forEach(d -> all.add(d.path()));
        return all;
    }

    /** Top-level attribute names the update touches (to refuse key updates). */
    public java.util.Set<String> topNames() {
        java.util.Set<String> names = new LinkedHashSet<>();
        for (Path p : paths()) names.add(p.topName());
        return names;
    }

    void checkOverlaps(ExpressionKind kind) {
        List<Path> all = paths();
        for (int i = 0; i < all.size(); i++) {
            for (int j = i + 1; j < all.size(); j++) {
                String clash = Path.clashText(all.get(i), all.get(j));
                if (clash != null) throw ExpressionErrors.invalid(kind, clash);
            }
        }
    }

    /** The item after the update (a new map); {@code old} may be null for a new item. */
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> old) {
        return apply(old, null);
    }

    /**
     * Applies the update and, when {@code written} is given, fills it with the paths actually
     * written (a SET past the end of a list appends, so its effective index is the new last one);
     * UPDATED_OLD / UPDATED_NEW project these.
     */
    public Map<String, AttributeValue> apply(Map<String, AttributeValue> old, List<Path> written) {
        Map<String, AttributeValue> base = old == null ? Map.of() : old;
        List<AttributeValue> values = new ArrayList<>(sets.size());
        for (Set s : sets) values.add(s.value().eval(base));
        Map<String, AttributeValue> item = MutableCopy.of(base);
        for (int i : byElementNumber()) {
            Path effective = setAt(item, sets.get(i).path(), values.get(i));
            if (written != null) written.add(effective);
        }
        if (written != null) {
            written.addAll(removes);
            adds.forEach(a -> written.add(a.path()));
            deletes.forEach(d -> written.add(d.path()));
        }
        List<Path> ordered = new ArrayList<>(removes);
        // remove list elements from the highest index down, so indexes mean the original positions
        ordered.sort(Comparator.comparing((Path p) -> p.elements().size() - 1 >= 0 && p.elements().get(p.elements().size() - 1) instanceof Integer i ? -i : 0));
        for (Path p : ordered) removeAt(item, p);
        for (AddOrDelete a : adds) add(item, a);
        for (AddOrDelete d : deletes) delete(item, d);
        return item;
    }

    /**
     * The order SET actions apply in: as written, except that list elements go in order of element
     * number ("If you add multiple elements in a single SET operation, the elements are sorted in
     * order by element number": a[84], a[37], a[17] past a list's end append a[17]'s value first).
     */
    private List<Integer> byElementNumber() {
        List<Integer> order = new ArrayList<>(sets.size());
        for (int i = 0; i < sets.size(); i++) order.add(i);
        order.sort(Comparator.comparingInt((Integer i) -> {
            List<Object> e = sets.get(i).path().elements();
            return e.get(e.size() - 1) instanceof Integer idx ? idx : Integer.MIN_VALUE;
        }));
        return order;
    }

    private static Object parentOf(Map<String, AttributeValue> item, Path path) {
        if (path.elements().size() == 1) return item;
        AttributeValue cur = item.get(path.topName());
        for (int i = 1; i < path.elements().size() - 1 && cur != null; i++) {
            Object e = path.elements().get(i);
            if (e instanceof Integer idx) {
                cur = cur instanceof AttributeValue.L l && idx < l.value().size() ? l.value().get(idx) : null;
            } else {
                cur = cur instanceof AttributeValue.M m ? m.value().get((String) e) : null;
            }
        }
        return cur;
    }

    /** Sets the value at a path; returns the path actually written. */
    private static Path setAt(Map<String, AttributeValue> item, Path path, AttributeValue v) {
        Object parent = parentOf(item, path);
        Object last = path.elements().get(path.elements().size() - 1);
        if (parent instanceof Map<?, ?> && last instanceof String name) {
            item.put(name, MutableCopy.value(v));
        } else if (parent instanceof AttributeValue.M m && last instanceof String name) {
            m.value().put(name, MutableCopy.value(v));
        } else if (parent instanceof AttributeValue.L l && last instanceof Integer idx) {
            if (idx >= l.value().size()) {
                l.value().add(MutableCopy.value(v));
                List<Object> elements = new ArrayList<>(path.elements());
                elements.set(elements.size() - 1, l.value().size() - 1);
                return new Path(List.copyOf(elements));
            }
            l.value().set(idx, MutableCopy.value(v));
        } else {
            throw invalidPath();
        }
        return path;
    }

    private static void removeAt(Map<String, AttributeValue> item, Path path) {
        Object parent = parentOf(item, path);
        Object last = path.elements().get(path.elements().size() - 1);
        if (parent instanceof Map<?, ?> && last instanceof String name) {
            item.remove(name);
        } else if (parent instanceof AttributeValue.M m && last instanceof String name) {
            m.value().remove(name);
        } else if (parent instanceof AttributeValue.L l && last instanceof Integer idx) {
            if (idx < l.value().size()) l.value().remove((int) idx);
        } else if (parent != null) {
            throw invalidPath();
        }
    }

    private static void add(Map<String, AttributeValue> item, AddOrDelete a) {
        AttributeValue cur = a.path().resolve(item);
        if (cur == null) {
            setAt(item, a.path(), a.value());
            return;
        }
        AttributeValue result;
        if (cur instanceof AttributeValue.N x && a.value() instanceof AttributeValue.N y) {
            try {
                result = new AttributeValue.N(x.value().add(y.value()));
            } catch (NumberFormatError e) {
                throw DynamoException.validation(e.getMessage());
            }
        } else if (cur instanceof AttributeValue.SS x && a.value() instanceof AttributeValue.SS y) {
            LinkedHashSetUnion<String> u = new LinkedHashSetUnion<>(x.value(), y.value());
            result = new AttributeValue.SS(u.list());
        } else if (cur instanceof AttributeValue.NS x && a.value() instanceof AttributeValue.NS y) {
            result = new AttributeValue.NS(new LinkedHashSetUnion<DNumber>(x.value(), y.value()).list());
        } else if (cur instanceof AttributeValue.BS x && a.value() instanceof AttributeValue.BS y) {
            List<ByteBuffer> u = new LinkedHashSetUnion<>(wrap(x.value()), wrap(y.value())).list();
            result = new AttributeValue.BS(unwrap(u));
        } else {
            throw wrongType();
        }
        setAt(item, a.path(), result);
    }

    private static void delete(Map<String, AttributeValue> item, AddOrDelete d) {
        AttributeValue cur = d.path().resolve(item);
        if (cur == null) return;
        AttributeValue result;
        if (cur instanceof AttributeValue.SS x && d.value() instanceof AttributeValue.SS y) {
            List<String> l = new ArrayList<>(x.value());
            l.removeAll(y.value());
            result = l.isEmpty() ? null : new AttributeValue.SS(l);
        } else if (cur instanceof AttributeValue.NS x && d.value() instanceof AttributeValue.NS y) {
            List<DNumber> l = new ArrayList<>(x.value());
            l.removeAll(y.value());
            result = l.isEmpty() ? null : new AttributeValue.NS(l);
        } else if (cur instanceof AttributeValue.BS x && d.value() instanceof AttributeValue.BS y) {
            List<ByteBuffer> l = new ArrayList<>(wrap(x.value()));
            l.removeAll(wrap(y.value()));
            result = l.isEmpty() ? null : new AttributeValue.BS(unwrap(l));
        } else {
            throw wrongType();
        }
        if (result == null) removeAt(item, d.path());
        else setAt(item, d.path(), result);
    }

    private static List<ByteBuffer> wrap(List<byte[]> l) {
        List<ByteBuffer> out = new ArrayList<>(l.size());
        for (byte[] b : l) out.add(ByteBuffer.wrap(b));
        return out;
    }

    private static List<byte[]> unwrap(List<ByteBuffer> l) {
        List<byte[]> out = new ArrayList<>(l.size());
        for (ByteBuffer b : l) out.add(b.array());
        return out;
    }

    /** Union keeping first-seen order. */
    private record LinkedHashSetUnion<T>(List<T> a, List<T> b) {
        List<T> list() {
            LinkedHashSet<T> s = new LinkedHashSet<>(a);
            s.addAll(b);
            return new ArrayList<>(s);
        }
    }

    /** Deep copies into mutable maps and lists so actions can change nested documents in place. */
    static final class MutableCopy {
        private MutableCopy() {}

        static Map<String, AttributeValue> of(Map<String, AttributeValue> item) {
            Map<String, AttributeValue> out = new LinkedHashMap<>(Math.max(8, item.size() * 2));
            for (Map.Entry<String, AttributeValue> e : item.entrySet()) out.put(e.getKey(), value(e.getValue()));
            return out;
        }

        static AttributeValue value(AttributeValue v) {
            if (v instanceof AttributeValue.M m) return new AttributeValue.M(of(m.value()));
            if (v instanceof AttributeValue.L l) {
                List<AttributeValue> out = new ArrayList<>(l.value().size() + 1);
                for (AttributeValue x : l.value()) out.add(value(x));
                return new AttributeValue.L(out);
            }
            return v;
        }
    }
}
