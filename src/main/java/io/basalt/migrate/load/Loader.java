package io.basalt.migrate.load;

import io.basalt.migrate.estimate.CapacityMeter;
import io.basalt.migrate.load.Counts.Outcome;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.JdbcSource;
import io.basalt.migrate.source.SqlValues;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code migrate run}: readers over key ranges of each entity's query ({@link SourceRanges}) map
 * rows to items ({@link ItemMapper}) into a shared buffer; writers take random batches of 25 from
 * it, so a batch mixes rows of every range and of distant keys instead of hammering the partition
 * of the key the source happens to be ordered by; each batch goes out with {@link BatchWriter},
 * under an optional WCU rate (ceil(size / 1 KB) per item, as the service meters a put on the
 * table), and its acknowledgement advances the checkpoint.
 */
public final class Loader {
    /** What to load from where to where. {@code ddb} null = dry run (read and map, write nothing). */
    public record Options(Model model, String source, String user, String password, List<Path> driverJars, DynamoDbClient ddb,
                          int readers, int writers, double rateLimitWcu, Path checkpoint, Path errorFile, PrintStream progress) {}

    record Row(RangeState range, long seq, String table, Map<String, AttributeValue> item, int wcu, boolean warned,
               Map<String, String> sourceKey) {}

    /** The run's acceptance counts per entity (in model order), its duration and target writes. */
    public record Result(Map<String, Counts> entities, Counts total, long millis, long rowsThisRun, long errorLines, List<String> tablesCreated) {}

    private final Options o;
    private final Checkpoint checkpoint;
    private final ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
    private final Mixer mixer;
    private final AtomicReference<Exception> fatal = new AtomicReference<>();
    private final AtomicLong settledThisRun = new AtomicLong();
    private final ReentrantLock saving = new ReentrantLock();
    private final AtomicBoolean dirty = new AtomicBoolean();
    private final WcuLimiter limiter;
    private ErrorLog errors;

    public Loader(Options options) throws IOException {
        this.o = options;
        this.checkpoint = Checkpoint.load(options.checkpoint());
        this.mixer = new Mixer(Math.max(2000, options.writers() * BatchWriter.MAX_ITEMS * 8), options.readers());
        this.limiter = options.rateLimitWcu() > 0 ? new WcuLimiter(options.rateLimitWcu()) : null;
    }

    public Result run() throws Exception {
        long started = System.nanoTime();
        plan();
        List<String> created = o.ddb() == null ? List.of() : DynamoTarget.createMissingTables(o.ddb(), o.model());
        errors = ErrorLog.open(o.errorFile(), checkpoint);
        List<RangeState> todo = new ArrayList<>();
        checkpoint.entities.values().forEach(p -> p.ranges().stream().filter(r -> !r.done()).forEach(todo::add));
        ExecutorService readers = Executors.newFixedThreadPool(Math.max(1, o.readers()), named("migrate-reader"));
        ExecutorService writers = Executors.newFixedThreadPool(Math.max(1, o.writers()), named("migrate-writer"));
        mixer.producers(todo.size());
        for (RangeState r : todo) readers.submit(() -> read(r));
        BatchWriter writer = o.ddb() == null ? null : new BatchWriter(o.ddb());
        for (int i = 0; i < Math.max(1, o.writers()); i++) writers.submit(() -> write(writer));
        Thread progress = progressThread(started);
        readers.shutdown();
        writers.shutdown();
        try {
            while (!writers.awaitTermination(1, TimeUnit.SECONDS)) {
                if (fatal.get() != null) mixer.abort();
            }
            readers.shutdownNow();
        } finally {
            progress.interrupt();
            errors.close();
        }
        saveCheckpoint();
        if (fatal.get() != null) throw fatal.get();
        Map<String, Counts> perEntity = new LinkedHashMap<>();
        Counts total = new Counts();
        Map<String, Long> overwritten = overwrites();
        for (var p : checkpoint.entities.values()) {
            Counts c = p.counts();
            c.overwritten = Math.min(c.imported, overwritten.getOrDefault(p.name(), 0L));
            c.imported -= c.overwritten;
            perEntity.put(p.name(), c);
            total.add(c);
        }
        if (o.progress() != null) o.progress().println();
        return new Result(perEntity, total, (System.nanoTime() - started) / 1_000_000, settledThisRun.get(), errors.lines(), created);
    }

    /**
     * Per entity, how many of its rows share their source key (hence their item key) with an earlier
     * row: one GROUP BY query each, on the source as it is at the end of the run.
     */
    private Map<String, Long> overwrites() throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (Connection c = connect()) {
            for (var p : checkpoint.entities.values()) {
                Entity e = o.model().entity(p.name()).orElseThrow();
                String cols = SourceRanges.quoted(c, p.keyColumns(), "");
                try (var st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COALESCE(SUM(basalt_n - 1), 0) FROM (SELECT COUNT(*) AS basalt_n"
                        + " FROM (" + SourceRanges.inner(e.query()) + ") basalt_q GROUP BY " + cols + " HAVING COUNT(*) > 1) basalt_r")) {
                    rs.next();
                    out.put(p.name(), rs.getLong(1));
                }
            }
            c.rollback();
        }
        return out;
    }

    /** Each entity's key columns, row count and ranges: from the checkpoint when resuming, else computed. */
    private void plan() throws SQLException {
        try (Connection c = connect()) {
            for (Entity e : o.model().entities()) {
                if (e.query() == null) throw new ModelException("entity " + e.name() + ": 'query' is required to load it");
                Model.Table table = o.model().table(e.table())
                        .orElseThrow(() -> new ModelException("entity " + e.name() + ": no table '" + e.table() + "' in the model"));
                ItemMapper m = mapper(c, e, table);
                List<String> keyColumns = m.keyColumns(table);
                if (keyColumns.isEmpty()) throw new ModelException("entity " + e.name() + ": its key templates use no column");
                Checkpoint.EntityPlan p = checkpoint.entities.get(e.name());
                if (p != null) {
                    if (!p.keyColumns().equals(keyColumns)) {
                        throw new ModelException("the checkpoint's source key of " + e.name() + " is " + p.keyColumns() + ", the model's " + keyColumns);
                    }
                    continue;
                }
                int[] types = keyColumns.stream().mapToInt(k -> m.columnOf(k).kind().code).toArray();
                long rows = SourceRanges.count(c, e.query());
                List<RangeState> ranges = new ArrayList<>();
                for (SourceRanges.Range r : SourceRanges.split(c, e.query(), keyColumns, types, Math.max(1, o.readers()), rows)) {
                    ranges.add(new RangeState(e.name(), ranges.size(), r, null, false, new Counts()));
                }
                checkpoint.entities.put(e.name(), new Checkpoint.EntityPlan(e.name(), keyColumns, types, rows, ranges));
            }
        }
        checkpoint.save();
    }

    private ItemMapper mapper(Connection c, Entity e, Model.Table table) throws SQLException {
        return ItemMapper.forQuery(c, e, table, mapping);
    }

    private Connection connect() throws SQLException {
        Connection c = JdbcSource.connect(o.source(), o.user(), o.password(), o.driverJars());
        c.setAutoCommit(false); // PostgreSQL streams a result only inside a transaction
        return c;
    }

    private void read(RangeState range) {
        try (Connection c = connect()) {
            Entity e = o.model().entity(range.entity).orElseThrow();
            Model.Table table = o.model().table(e.table()).orElseThrow();
            Checkpoint.EntityPlan plan = checkpoint.entities.get(e.name());
            try (PreparedStatement ps = SourceRanges.read(c, e.query(), plan.keyColumns(), plan.keyTypes(), range.resumeAfter(), range.range.upper());
                 ResultSet rs = ps.executeQuery()) {
                ItemMapper m = new ItemMapper(e, table, mapping, rs.getMetaData());
                int keys = plan.keyColumns().size();
                int[] keyIndexes = plan.keyColumns().stream().mapToInt(k -> findColumn(rs, k)).toArray();
                while (rs.next() && fatal.get() == null) {
                    List<String> key = new ArrayList<>(keys);
                    for (int i = 0; i < keys; i++) key.add(keyText(e, rs, keyIndexes[i], plan.keyColumns().get(i), plan.keyTypes()[i]));
                    long seq = range.admit(key);
                    Map<String, String> sourceKey = new LinkedHashMap<>();
                    for (int i = 0; i < keys; i++) sourceKey.put(plan.keyColumns().get(i), key.get(i));
                    ItemMapper.Mapped mapped;
                    try {
                        mapped = m.map(rs);
                    } catch (RuntimeException | SQLException bad) {
                        throw new ModelException("entity " + e.name() + ", source row " + sourceKey + ": " + bad.getMessage());
                    }
                    if (!mapped.ok()) {
                        errors.write(range, seq, sourceKey, "skipped", mapped.error());
                        settle(range, seq, Outcome.SKIPPED);
                        continue;
                    }
                    for (String w : mapped.warnings()) errors.write(range, seq, sourceKey, "warning", w);
                    int wcu = CapacityMeter.units(BigDecimal.valueOf(mapped.size()), CapacityMeter.WRITE_UNIT).intValue();
                    mixer.put(new Row(range, seq, e.table(), DynamoTarget.toSdk(mapped.item()), wcu, !mapped.warnings().isEmpty(), sourceKey));
                }
            }
            c.rollback();
            range.readerFinished();
            saveCheckpoint();
        } catch (ModelException ex) {
            fatal.compareAndSet(null, ex);
        } catch (Exception ex) {
            if (!(ex instanceof InterruptedException)) {
                fatal.compareAndSet(null, new ModelException("entity " + range.entity + ", reading after source key " + range.resumeAfter() + ": " + ex));
            }
        } finally {
            mixer.producerDone();
        }
    }

    private static int findColumn(ResultSet rs, String column) {
        try {
            return rs.findColumn(column);
        } catch (SQLException e) {
            throw new ModelException("the query has no column " + column + ": " + e.getMessage());
        }
    }

    /** A source key column's canonical text; a value it cannot read stops the run with the entity, column and the key so far. */
    private static String keyText(Entity e, ResultSet rs, int index, String column, int keyType) throws SQLException {
        try {
            return SqlValues.read(rs, index, SqlValues.Kind.ofCode(keyType));
        } catch (IllegalArgumentException | SQLException bad) {
            throw new ModelException("entity " + e.name() + ", source key column " + column + " (row text '" + rs.getString(index) + "'): "
                    + bad.getMessage());
        }
    }

    private void write(BatchWriter writer) {
        try {
            List<Row> batch;
            while ((batch = mixer.take()) != null) {
                if (limiter != null) limiter.acquire(batch.stream().mapToInt(Row::wcu).sum());
                Map<Row, String> failed = writer == null ? Map.of() : writer.write(batch);
                for (Row r : batch) {
                    String reason = failed.get(r);
                    if (reason != null) errors.write(r.range(), r.seq(), r.sourceKey(), "error", reason);
                    settle(r.range(), r.seq(), reason != null ? Outcome.ERROR : r.warned() ? Outcome.IMPORTED_WITH_WARNINGS : Outcome.IMPORTED);
                }
                saveCheckpoint();
            }
        } catch (Exception ex) {
            if (!(ex instanceof InterruptedException)) fatal.compareAndSet(null, ex);
            mixer.abort();
        }
    }

    private void settle(RangeState range, long seq, Outcome outcome) {
        range.settle(seq, outcome);
        settledThisRun.incrementAndGet();
        dirty.set(true);
    }

    /** Saves the checkpoint, or leaves it to the thread saving now (which saves again when more settled meanwhile). */
    private void saveCheckpoint() {
        dirty.set(true);
        while (dirty.get() && saving.tryLock()) {
            try {
                if (dirty.getAndSet(false)) checkpoint.save();
            } finally {
                saving.unlock();
            }
        }
    }

    private Thread progressThread(long started) {
        long total = checkpoint.entities.values().stream().mapToLong(Checkpoint.EntityPlan::rows).sum();
        long before = checkpoint.entities.values().stream().mapToLong(p -> p.counts().read).sum();
        Thread t = new Thread(() -> {
            boolean console = System.console() != null;
            try {
                while (true) {
                    Thread.sleep(console ? 1000 : 5000);
                    if (o.progress() == null) continue;
                    long done = settledThisRun.get();
                    double secs = (System.nanoTime() - started) / 1e9;
                    double rate = done / Math.max(secs, 0.001);
                    long left = Math.max(0, total - before - done);
                    String eta = rate > 0 ? String.format("%d:%02d", (long) (left / rate) / 60, (long) (left / rate) % 60) : "?";
                    o.progress().printf("%s%,d of %,d records, %,.0f records/s, ETA %s%s", console ? "\r" : "", before + done, total, rate, eta,
                            console ? "   " : "\n");
                }
            } catch (InterruptedException e) {
                // run finished
            }
        }, "migrate-progress");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static java.util.concurrent.ThreadFactory named(String name) {
        AtomicLong n = new AtomicLong();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /**
     * The shared buffer between readers and writers. Writers take a batch of items chosen at random
     * from it, so consecutive source rows (the same partition key, when the source is ordered by it)
     * land in different batches at different times.
     */
    static final class Mixer {
        private static final int WINDOW = 500;
        private final ArrayList<Row> buffer = new ArrayList<>();
        private final int capacity;
        private final Random random = new Random();
        private int producers;
        private boolean aborted;

        Mixer(int capacity, int producers) {
            this.capacity = capacity;
            this.producers = producers;
        }

        synchronized void producers(int n) {
            producers = n;
            notifyAll();
        }

        synchronized void put(Row r) throws InterruptedException {
            while (buffer.size() >= capacity && !aborted) wait();
            if (aborted) throw new InterruptedException("aborted");
            buffer.add(r);
            if (buffer.size() == BatchWriter.MAX_ITEMS || buffer.size() % capacity == 0) notifyAll();
        }

        synchronized void producerDone() {
            producers--;
            notifyAll();
        }

        synchronized void abort() {
            aborted = true;
            notifyAll();
        }

        /** A batch of up to 25 items of at most 16 MB, or null when every reader is done and the buffer empty. */
        synchronized List<Row> take() throws InterruptedException {
            while (!aborted && buffer.size() < BatchWriter.MAX_ITEMS && producers > 0) wait();
            if (aborted || buffer.isEmpty()) return null;
            List<Row> batch = new ArrayList<>(BatchWriter.MAX_ITEMS);
            long bytes = 0;
            while (batch.size() < BatchWriter.MAX_ITEMS && !buffer.isEmpty()) {
                // random among the oldest WINDOW rows: mixed keys, yet no row waits long (the checkpoint's
                // committed prefix advances only past rows whose predecessors are all written)
                int i = random.nextInt(Math.min(buffer.size(), WINDOW));
                Row r = buffer.get(i);
                if (bytes + r.wcu() * 1024L > BatchWriter.MAX_BYTES) break;
                bytes += r.wcu() * 1024L;
                buffer.remove(i);
                batch.add(r);
            }
            notifyAll();
            return batch;
        }
    }

    /** A token bucket of write capacity units: at most {@code rate} per second, bursts of one second. */
    static final class WcuLimiter {
        private final double rate;
        private double tokens;
        private long last = System.nanoTime();

        WcuLimiter(double rate) {
            this.rate = rate;
            this.tokens = rate;
        }

        void acquire(int units) throws InterruptedException {
            long sleepNanos;
            synchronized (this) {
                long now = System.nanoTime();
                tokens = Math.min(rate, tokens + (now - last) / 1e9 * rate);
                last = now;
                tokens -= units;
                sleepNanos = tokens >= 0 ? 0 : (long) (-tokens / rate * 1e9);
            }
            if (sleepNanos > 0) TimeUnit.NANOSECONDS.sleep(sleepNanos);
        }
    }
}
