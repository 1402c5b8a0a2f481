package io.basalt.migrate.load;

import io.basalt.migrate.load.Counts.Outcome;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Progress of one reader range. Rows get sequence numbers in key order; they settle (written,
 * skipped or failed) in any order, as batches mix rows of several ranges. The committed prefix —
 * every row up to the last one with all earlier rows settled — is what the checkpoint records:
 * its last key and its counts. A resumed run reads the rows after that key again, so rows
 * in flight when a run was killed are written twice at most (puts by key: the same item).
 */
final class RangeState {
    final String entity;
    final int index;
    final SourceRanges.Range range;
    final Counts committed;
    private List<String> last;
    private boolean done;
    /** Committed rows when this run started: a row's ordinal in the range is base + its sequence + 1. */
    final long base;
    private long nextSeq;
    private boolean readerFinished;
    private final TreeMap<Long, Object> pending = new TreeMap<>(); // seq -> key (List<String>) until settled, then Settled

    private record Settled(List<String> key, Outcome outcome) {}

    RangeState(String entity, int index, SourceRanges.Range range, List<String> last, boolean done, Counts committed) {
        this.entity = entity;
        this.index = index;
        this.range = range;
        this.last = last;
        this.done = done;
        this.committed = committed;
        this.base = committed.read;
    }

    synchronized List<String> resumeAfter() {
        return last != null ? last : range.lower();
    }

    synchronized boolean done() {
        return done;
    }

    synchronized long admit(List<String> key) {
        long seq = nextSeq++;
        pending.put(seq, key);
        return seq;
    }

    long ordinal(long seq) {
        return base + seq + 1;
    }

    /** Records a row's outcome; true when the committed prefix advanced. */
    @SuppressWarnings("unchecked")
    synchronized boolean settle(long seq, Outcome outcome) {
        pending.put(seq, new Settled((List<String>) pending.get(seq), outcome));
        boolean advanced = false;
        while (!pending.isEmpty() && pending.firstEntry().getValue() instanceof Settled s) {
            pending.pollFirstEntry();
            committed.add(s.outcome());
            last = s.key();
            advanced = true;
        }
        if (readerFinished && pending.isEmpty()) done = true;
        return advanced;
    }

    synchronized void readerFinished() {
        readerFinished = true;
        if (pending.isEmpty()) done = true;
    }

    synchronized Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lower", range.lower());
        m.put("upper", range.upper());
        m.put("last", last);
        m.put("done", done);
        m.put("counts", committed.toJson());
        return m;
    }

    @SuppressWarnings("unchecked")
    static RangeState fromJson(String entity, int index, Map<String, Object> m) {
        return new RangeState(entity, index, new SourceRanges.Range(strings(m.get("lower")), strings(m.get("upper"))),
                strings(m.get("last")), Boolean.TRUE.equals(m.get("done")), Counts.fromJson((Map<String, Object>) m.get("counts")));
    }

    private static List<String> strings(Object o) {
        if (o == null) return null;
        List<String> out = new ArrayList<>();
        for (Object x : (List<?>) o) out.add(x == null ? null : x.toString());
        return out;
    }
}
