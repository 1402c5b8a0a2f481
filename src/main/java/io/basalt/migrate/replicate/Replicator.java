package io.basalt.migrate.replicate;

import io.basalt.migrate.model.Model;
import io.basalt.migrate.source.JdbcSource;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * {@code migrate replicate}: streams the source's committed transactions (PostgreSQL logical
 * replication or the MariaDB/MySQL binlog) and applies them to the target through the model
 * ({@link ChangeApplier}), in commit order, a batch of up to {@code batch} transactions at a time;
 * after each batch the position is saved to the state file and then acknowledged to the source
 * (PostgreSQL's confirmed flush LSN), so a stop, clean or not, resumes without losing a change, and
 * a replayed one is harmless. Lag: the largest (and the 99th percentile), over the transactions
 * applied since the last status, of the time from the source's commit to the apply; zero when none
 * was applied.
 */
public final class Replicator {
    public record Options(Model model, String source, String user, String password, List<Path> driverJars, DynamoDbClient ddb, Path stateFile,
                          String slot, String publication, int batch, boolean replicaIdentityFull) {}

    private final Options o;
    private volatile boolean stopping;
    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<String> warnings = java.util.Collections.synchronizedList(new ArrayList<>());
    private final List<String> notes = new ArrayList<>();
    private volatile Map<String, Object> status = Map.of();
    private ReplicationState state;
    private boolean caughtUp;
    private long put, deleted, refused, failed, lastReceived = System.currentTimeMillis(), lagMillis;
    private long windowStart = System.nanoTime(), windowChanges;
    private double changesPerSecond;
    private final List<Long> lags = new ArrayList<>(); // per transaction applied since the last status

    public Replicator(Options options) {
        this.o = options;
    }

    /**
     * Checks the source's prerequisites and creates what it needs (PostgreSQL: replica identities
     * where asked, the publication of the model's tables and the slot; refused, before anything is
     * created, when a table's old rows would not carry its items' keys), and saves the starting
     * position, unless a state exists. What it found and did is in {@link #notes}.
     */
    public String init() throws Exception {
        try (Connection c = connect()) {
            state = ReplicationState.load(o.stateFile());
            String dialect = state == null ? JdbcSource.dialect(c) : state.kind();
            if (dialect.equals("mysql")) BinlogSource.checkSettings(c);
            String slot = state == null ? o.slot() : state.slot(), publication = state == null ? o.publication() : state.publication();
            String pgPosition = null;
            if (dialect.equals("postgresql")) {
                List<SourceTables.Table> tables = SourceTables.of(c, o.model());
                List<String> set = SourceTables.ensureIdentities(c, tables, o.replicaIdentityFull());
                if (!set.isEmpty()) tables = SourceTables.of(c, o.model()); // as they are now
                notes.addAll(set);
                pgPosition = PgLogicalSource.setUp(c, slot, publication, tables, notes); // recreated if dropped meanwhile
            }
            if (state == null) {
                String position = switch (dialect) {
                    case "postgresql" -> pgPosition;
                    case "mysql" -> BinlogSource.currentPosition(c);
                    default -> throw new io.basalt.migrate.model.ModelException("replicate supports PostgreSQL and MariaDB/MySQL sources, not " + dialect);
                };
                state = new ReplicationState(dialect, position, dialect.equals("postgresql") ? o.slot() : null,
                        dialect.equals("postgresql") ? o.publication() : null, 0, 0);
                state.save(o.stateFile());
            }
            return state.position();
        }
    }

    /** What {@link #init} found and did (publication, replica identities), for the operator. */
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** Replicates until {@link #stop}; {@code report} gets a status (see {@link #status}) about once a second. */
    public void run(Consumer<Map<String, Object>> report) throws Exception {
        try {
            init();
            warnings.addAll(notes); // said when it starts: the first status lists them
            try (Connection reread = connect(); Connection metadata = connect(); ChangeSource source = open(metadata);
                 ChangeApplier applier = new ChangeApplier(o.model(), reread, o.ddb())) {
                long nextReport = 0;
                while (!stopping) {
                    List<SourceTransaction> batch = new ArrayList<>();
                    SourceTransaction t = source.next(200);
                    while (t != null) {
                        batch.add(t);
                        if (batch.size() >= o.batch()) break;
                        t = source.next(0);
                    }
                    long now = System.currentTimeMillis();
                    caughtUp = batch.isEmpty();
                    if (caughtUp) source.caughtUp();
                    if (!batch.isEmpty()) {
                        lastReceived = now;
                        source.awaitVisible(batch, reread);
                        ChangeApplier.Applied a = applier.apply(batch);
                        SourceTransaction last = batch.get(batch.size() - 1);
                        int changes = batch.stream().mapToInt(x -> x.changes().size()).sum();
                        state = state.at(last.position(), batch.size(), changes);
                        state.save(o.stateFile()); // saved first: a crash after it replays nothing twice that matters
                        source.applied(last.position());
                        put += a.put();
                        deleted += a.deleted();
                        refused += a.refused();
                        failed += a.failures().size();
                        a.failures().stream().limit(10).forEach(warnings::add);
                        warnings.addAll(a.warnings());
                        windowChanges += changes;
                        long applied = System.currentTimeMillis();
                        lagMillis = Math.max(lagMillis, Math.max(0, applied - last.commitMillis()));
                        for (SourceTransaction x : batch) lags.add(Math.max(0, applied - x.commitMillis()));
                    }
                    if (System.currentTimeMillis() >= nextReport) {
                        report.accept(status(false));
                        nextReport = System.currentTimeMillis() + 1000;
                    }
                }
            }
            report.accept(status(true));
        } finally {
            stopped.countDown();
        }
    }

    private ChangeSource open(Connection metadata) throws Exception {
        metadata.setAutoCommit(true);
        return state.kind().equals("postgresql")
                ? new PgLogicalSource(o.source(), o.user(), o.password(), state.slot(), state.publication(), state.position(), warnings)
                : new BinlogSource(o.source(), o.user(), o.password(), metadata, state.position());
    }

    private Map<String, Object> status(boolean finished) {
        long nanos = System.nanoTime();
        double secs = (nanos - windowStart) / 1e9;
        if (secs >= 1 || finished) {
            changesPerSecond = windowChanges / Math.max(secs, 0.001);
            windowChanges = 0;
            windowStart = nanos;
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("state", finished ? "stopped" : "running");
        m.put("source", state.kind());
        m.put("position", state.position());
        m.put("transactions", state.transactions());
        m.put("changes", state.changes());
        m.put("itemsPut", put);
        m.put("itemsDeleted", deleted);
        m.put("refusedByMapping", refused);
        m.put("writesFailed", failed);
        m.put("lagMillis", lagMillis);
        m.put("lagP99Millis", p99(lags));
        lags.clear();
        m.put("caughtUp", caughtUp);
        m.put("changesPerSecond", Math.round(changesPerSecond * 10) / 10.0);
        m.put("idleMillis", System.currentTimeMillis() - lastReceived);
        List<String> w;
        synchronized (warnings) {
            w = new ArrayList<>(warnings);
            warnings.clear();
        }
        if (!w.isEmpty()) m.put("warnings", w);
        lagMillis = 0; // the largest lag since the last status
        status = m;
        return m;
    }

    /** The 99th percentile (nearest rank) of the lags, 0 when none. */
    private static long p99(List<Long> lags) {
        if (lags.isEmpty()) return 0;
        List<Long> sorted = new ArrayList<>(lags);
        java.util.Collections.sort(sorted);
        return sorted.get((int) Math.ceil(0.99 * sorted.size()) - 1);
    }

    /** The last reported status. */
    public Map<String, Object> status() {
        return status;
    }

    /** Asks the loop to finish its batch, save the position and return; waits for it (at most 30 s). */
    public void stop() throws InterruptedException {
        stopping = true;
        stopped.await(30, java.util.concurrent.TimeUnit.SECONDS);
    }

    private Connection connect() throws java.sql.SQLException {
        return JdbcSource.connect(o.source(), o.user(), o.password(), o.driverJars());
    }
}
