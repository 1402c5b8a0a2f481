package io.basalt.migrate.replicate;

import io.basalt.migrate.load.BatchWriter;
import io.basalt.migrate.load.DynamoTarget;
import io.basalt.migrate.load.ItemMapper;
import io.basalt.migrate.load.SourceRanges;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.ColumnMapping;
import io.basalt.model.AttributeValue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Applies source row changes to the target through the model, by state rather than by event: a
 * changed row of a table that an entity's query reads names the entity rows it affects, and those
 * are read again through the entity's query and written as the current mapping gives them
 * (a put), or deleted (by the key the old row maps to) when the query no longer
 * returns them. So a join, a denormalised copy or a replayed event all end in the source's current
 * state, and applying a transaction twice changes nothing (idempotent). The writes of a batch of
 * transactions go out with BatchWriteItem, one write per item (its last state), in parallel.
 *
 * <p>Which entity rows a change affects: when the changed row holds every column of the entity's
 * source key (the columns its key templates use, by name), exactly that row, for the old key and
 * the new one; when it holds only some of them (a parent row copied into its children, as games
 * into players_games), every row of the query with those values, re-written (a parent's delete
 * reaches its children through their own deletes). Tables are matched to a query by name. The
 * source first makes sure the batch's transactions are visible to the re-reads
 * ({@link ChangeSource#awaitVisible}).
 */
final class ChangeApplier implements AutoCloseable {
    /** What one apply did. */
    record Applied(long put, long deleted, long refused, List<String> failures) {}

    private final class EntityPlan {
        final Entity entity;
        final Model.Table table;
        final ItemMapper mapper;
        final List<String> keyColumns;
        final Set<String> sourceTables = new LinkedHashSet<>();
        final int[] keyTypes;

        EntityPlan(Entity e) throws SQLException {
            entity = e;
            table = model.table(e.table()).orElseThrow(() -> new ModelException("entity " + e.name() + ": no table '" + e.table() + "' in the model"));
            try (PreparedStatement ps = source.prepareStatement("SELECT * FROM (" + SourceRanges.inner(e.query()) + ") basalt_q WHERE 1 = 0");
                 ResultSet rs = ps.executeQuery()) {
                mapper = new ItemMapper(e, table, mapping, rs.getMetaData());
            }
            keyColumns = mapper.keyColumns(table).stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
            keyTypes = keyColumns.stream().mapToInt(k -> mapper.columnOf(k).sqlType()).toArray();
        }

        boolean reads(String sourceTable) {
            return sourceTables.contains(sourceTable) || Pattern.compile("(?i)\\b" + Pattern.quote(sourceTable) + "\\b").matcher(entity.query()).find()
                    && sourceTables.add(sourceTable);
        }
    }

    private final Model model;
    private final Connection source;
    private final ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
    private final List<EntityPlan> plans = new ArrayList<>();
    private final BatchWriter writer;

    private final ExecutorService writers = Executors.newFixedThreadPool(4, r -> {
        Thread t = new Thread(r, "migrate-replicate-writer");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Map<Map<String, AttributeValue>, WriteRequest>> pending = new LinkedHashMap<>();

    ChangeApplier(Model model, Connection source, DynamoDbClient ddb) throws SQLException {
        this.model = model;
        this.source = source;
        this.writer = new BatchWriter(ddb);
        source.setAutoCommit(true); // each re-read sees every transaction committed before it
        for (Entity e : model.entities()) {
            if (e.query() == null) throw new ModelException("entity " + e.name() + ": 'query' is required to replicate it");
            plans.add(new EntityPlan(e));
        }
    }

    /** Applies the transactions' changes (in commit order; each affected entity row once, in its current state). */
    Applied apply(List<SourceTransaction> transactions) throws SQLException, InterruptedException {
        Map<EntityPlan, Set<Map<String, String>>> exact = new LinkedHashMap<>(), partial = new LinkedHashMap<>();
        for (SourceTransaction t : transactions) {
            for (RowChange c : t.changes()) {
                String table = c.table().substring(c.table().lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
                for (EntityPlan p : plans) {
                    if (!p.reads(table)) continue;
                    for (Map<String, String> image : new Map[] {c.before(), c.after()}) {
                        if (image == null) continue;
                        Map<String, String> key = new LinkedHashMap<>();
                        for (String k : p.keyColumns) if (image.containsKey(k) && image.get(k) != null) key.put(k, image.get(k));
                        if (key.isEmpty()) continue;
                        (key.size() == p.keyColumns.size() ? exact : partial).computeIfAbsent(p, x -> new LinkedHashSet<>()).add(key);
                    }
                }
            }
        }
        pending.clear();
        long[] counts = new long[3];
        for (var e : exact.entrySet()) for (Map<String, String> key : e.getValue()) reread(e.getKey(), key, true, counts);
        for (var e : partial.entrySet()) for (Map<String, String> key : e.getValue()) reread(e.getKey(), key, false, counts);
        List<String> failures = flush();
        return new Applied(counts[0], counts[1], counts[2], failures);
    }

    /** Reads the entity rows with these key column values and writes their items; with {@code exact}, deletes the item of a row gone. */
    private void reread(EntityPlan p, Map<String, String> key, boolean exact, long[] counts) throws SQLException {
        List<String> columns = new ArrayList<>(key.keySet());
        StringBuilder sql = new StringBuilder("SELECT * FROM (" + SourceRanges.inner(p.entity.query()) + ") basalt_q WHERE ");
        for (int i = 0; i < columns.size(); i++) {
            sql.append(i == 0 ? "" : " AND ").append(SourceRanges.quoted(source, List.of(columns.get(i)), "basalt_q.")).append(" = ?");
        }
        boolean found = false;
        try (PreparedStatement ps = source.prepareStatement(sql.toString())) {
            for (int i = 0; i < columns.size(); i++) SourceRanges.bind(ps, i + 1, p.keyTypes[p.keyColumns.indexOf(columns.get(i))], key.get(columns.get(i)));
            try (ResultSet rs = ps.executeQuery()) {
                ItemMapper m = new ItemMapper(p.entity, p.table, mapping, rs.getMetaData());
                while (rs.next()) {
                    found = true;
                    ItemMapper.Mapped mapped = m.map(rs);
                    if (mapped.ok()) {
                        pend(p, mapped.item(), false);
                        counts[0]++;
                    } else {
                        counts[2]++; // refused by the mapping, as run skips it: no item (an older one goes)
                        if (exact) delete(p, key, counts);
                    }
                }
            }
        }
        if (!found && exact) delete(p, key, counts);
    }

    private void delete(EntityPlan p, Map<String, String> key, long[] counts) {
        Map<String, AttributeValue> itemKey = p.mapper.keyItem(p.table, key);
        if (itemKey == null) return;
        pend(p, itemKey, true);
        counts[1]++;
    }

    /** The item's last state wins: one write per item key (BatchWriteItem refuses duplicates, and the later read is the newer). */
    private void pend(EntityPlan p, Map<String, AttributeValue> item, boolean delete) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        for (String k : p.table.keyAttributeNames()) key.put(k, item.get(k));
        var sdk = DynamoTarget.toSdk(item);
        WriteRequest w = delete ? WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(sdk).build()).build()
                : WriteRequest.builder().putRequest(PutRequest.builder().item(sdk).build()).build();
        pending.computeIfAbsent(p.table.name(), t -> new LinkedHashMap<>()).put(key, w);
    }

    /** Sends the pending writes, batches of 25 distinct items on parallel threads; returns the failures. */
    private List<String> flush() throws InterruptedException {
        List<Callable<Map<WriteRequest, String>>> batches = new ArrayList<>();
        for (var t : pending.entrySet()) {
            List<WriteRequest> all = new ArrayList<>(t.getValue().values());
            for (int i = 0; i < all.size(); i += BatchWriter.MAX_ITEMS) {
                List<WriteRequest> chunk = all.subList(i, Math.min(all.size(), i + BatchWriter.MAX_ITEMS));
                batches.add(() -> writer.send(new LinkedHashMap<>(Map.of(t.getKey(), chunk))));
            }
        }
        List<String> failures = new ArrayList<>();
        for (Future<Map<WriteRequest, String>> f : writers.invokeAll(batches)) {
            try {
                f.get().forEach((w, reason) -> failures.add(reason + ": " + (w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key())));
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
        pending.clear();
        return failures;
    }

    @Override
    public void close() {
        writers.shutdownNow();
    }
}
