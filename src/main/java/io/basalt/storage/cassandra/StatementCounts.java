package io.basalt.storage.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The statements this store sent to Cassandra, by kind and by who sent them (docs/scale-out.md,
 * "Round budget"): a request's worker thread, the change-log applier, a recovery pass, ... Every
 * attempt counts (a statement sent again is a second one). Paxos operations are the conditional
 * statements (LWTs, one round each, a conditional batch too) and the reads at a serial level.
 * The round-budget test reads them per DynamoDB operation; they cost two adds per statement.
 */
public final class StatementCounts {
    /** What one statement was. */
    enum Kind { READ_ONE, READ_QUORUM, READ_SERIAL, LWT, WRITE }

    /** Counts of one origin. */
    public record Tally(long readsOne, long readsQuorum, long readsSerial, long lwts, long plainWrites) {
        public long statements() {
            return readsOne + readsQuorum + readsSerial + lwts + plainWrites;
        }

        /** LWTs and serial reads: the statements that run a Paxos round. */
        public long paxos() {
            return readsSerial + lwts;
        }

        public Tally minus(Tally o) {
            return new Tally(readsOne - o.readsOne, readsQuorum - o.readsQuorum, readsSerial - o.readsSerial, lwts - o.lwts,
                    plainWrites - o.plainWrites);
        }

        @Override
        public String toString() {
            return statements() + " statements (" + paxos() + " Paxos: " + lwts + " LWT, " + readsSerial + " serial reads; "
                    + readsQuorum + " quorum reads, " + readsOne + " LOCAL_ONE reads, " + plainWrites + " plain writes)";
        }

        static final Tally ZERO = new Tally(0, 0, 0, 0, 0);
    }

    private static final ThreadLocal<String> ORIGIN = new ThreadLocal<>();
    private final Map<String, LongAdder[]> byOrigin = new ConcurrentHashMap<>();
    /** Whether a prepared query is conditional, by its text (a handful of distinct texts). */
    private final Map<String, Boolean> conditional = new ConcurrentHashMap<>();

    /** Runs {@code work} with its statements counted under {@code origin} instead of the thread's name. */
    static void as(String origin, Runnable work) {
        String before = ORIGIN.get();
        ORIGIN.set(origin);
        try {
            work.run();
        } finally {
            ORIGIN.set(before);
        }
    }

    void record(Statement<?> statement, ConsistencyLevel sessionLevel) {
        String origin = ORIGIN.get();
        if (origin == null) origin = group(Thread.currentThread().getName());
        byOrigin.computeIfAbsent(origin, o -> newAdders())[kind(statement, sessionLevel).ordinal()].increment();
    }

    /** The counts so far, by origin (a worker thread's name without its number: "basalt-worker"). */
    public Map<String, Tally> snapshot() {
        Map<String, Tally> out = new TreeMap<>();
        byOrigin.forEach((origin, a) -> out.put(origin, new Tally(a[0].sum(), a[1].sum(), a[2].sum(), a[3].sum(), a[4].sum())));
        return out;
    }

    private Kind kind(Statement<?> s, ConsistencyLevel sessionLevel) {
        if (s instanceof BatchStatement batch) {
            for (BatchableStatement<?> inner : batch) if (conditional(query(inner))) return Kind.LWT;
            return Kind.WRITE;
        }
        String q = query(s);
        if (q.regionMatches(true, 0, "SELECT", 0, 6)) {
            ConsistencyLevel level = s.getConsistencyLevel() != null ? s.getConsistencyLevel() : sessionLevel;
            if (level == ConsistencyLevel.LOCAL_SERIAL || level == ConsistencyLevel.SERIAL) return Kind.READ_SERIAL;
            return level == ConsistencyLevel.LOCAL_ONE || level == ConsistencyLevel.ONE ? Kind.READ_ONE : Kind.READ_QUORUM;
        }
        return conditional(q) ? Kind.LWT : Kind.WRITE;
    }

    private boolean conditional(String query) {
        return conditional.computeIfAbsent(query, q -> q.contains(" IF "));
    }

    private static String query(Statement<?> s) {
        if (s instanceof BoundStatement b) return b.getPreparedStatement().getQuery();
        if (s instanceof SimpleStatement simple) return simple.getQuery();
        return "";
    }

    private static LongAdder[] newAdders() {
        LongAdder[] a = new LongAdder[Kind.values().length];
        for (int i = 0; i < a.length; i++) a[i] = new LongAdder();
        return a;
    }

    /** "basalt-worker-12" → "basalt-worker": one origin per pool. */
    static String group(String threadName) {
        int end = threadName.length();
        while (end > 0 && Character.isDigit(threadName.charAt(end - 1))) end--;
        if (end > 0 && end < threadName.length() && threadName.charAt(end - 1) == '-') end--;
        return threadName.substring(0, end);
    }
}
