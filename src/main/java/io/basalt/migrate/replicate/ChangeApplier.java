package io.basalt.migrate.replicate;

import io.basalt.migrate.load.BatchWriter;
import io.basalt.migrate.load.DynamoTarget;
import io.basalt.migrate.load.ItemMapper;
import io.basalt.migrate.load.SourceRanges;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.SqlValues;
import io.basalt.model.AttributeValue;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
    record Applied(long put, long deleted, long refused, List<String> failures, List<String> warnings) {}

    private final class EntityPlan {
        final Entity entity;
        final Model.Table table;
        final ItemMapper mapper;
        final List<String> keyColumns;
        final Set<String> sourceTables = new LinkedHashSet<>();
        final SqlValues.Kind[] kinds;

        EntityPlan(Entity e) throws SQLException {
            entity = e;
            table = model.table(e.table()).orElseThrow(() -> new ModelException("entity " + e.name() + ": no table '" + e.table() + "' in the model"));
            mapper = ItemMapper.forQuery(source, e, table, mapping);
            keyColumns = mapper.keyColumns(table).stream().map(c -> c.toLowerCase(Locale.ROOT)).toList();
            kinds = keyColumns.stream().map(k -> mapper.columnOf(k).kind()).toArray(SqlValues.Kind[]::new);
        }

        final Map<String, List<String>> traceColumns = new HashMap<>();

        boolean reads(String sourceTable) {
            return sourceTables.contains(sourceTable) || SourceTables.reads(entity.query(), sourceTable) && sourceTables.add(sourceTable);
        }

        SqlValues.Kind kind(String column) {
            return mapper.columnOf(column).kind();
        }

        /**
         * The columns by which a changed row of a joined table (one without the entity's key columns)
         * names the entity rows it feeds: the table's primary key columns the query also returns, by
         * name (a product's product_id in its order lines); empty (with a warning, once) when it returns none.
         */
        List<String> traceColumns(String qualifiedTable, List<String> warnings) throws SQLException {
            List<String> cols = traceColumns.get(qualifiedTable);
            if (cols != null) return cols;
            int dot = qualifiedTable.lastIndexOf('.');
            List<String> primaryKey = new ArrayList<>();
            try (ResultSet rs = source.getMetaData().getPrimaryKeys(postgres ? null : source.getCatalog(),
                    dot < 0 ? null : qualifiedTable.substring(0, dot), qualifiedTable.substring(dot + 1))) {
                while (rs.next()) primaryKey.add(rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
            }
            cols = primaryKey.stream().filter(mapper::hasColumn).toList();
            if (cols.isEmpty()) {
                warnings.add("entity " + entity.name() + " reads table " + qualifiedTable + ", but its query returns none of that table's primary key"
                        + " columns " + primaryKey + ": changes of " + qualifiedTable + " alone do not reach its items (select them in the query)");
            }
            traceColumns.put(qualifiedTable, cols);
            return cols;
        }
    }

    private final Model model;
    private final Connection source;
    private final ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
    private final List<EntityPlan> plans = new ArrayList<>();
    private final BatchWriter writer;
    private final boolean postgres;

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
        this.postgres = io.basalt.migrate.source.JdbcSource.dialect(source).equals("postgresql");
        for (Entity e : model.entities()) {
            if (e.query() == null) throw new ModelException("entity " + e.name() + ": 'query' is required to replicate it");
            plans.add(new EntityPlan(e));
        }
    }

    /**
     * Applies the transactions' changes (in commit order; each affected entity row once, in its current
     * state), re-reading each entity's affected rows with one query per batch of keys. A change whose
     * key cannot be read, or a re-read the source refuses, is reported in the failures and skipped (a
     * replayed batch would fail the same way and stall replication for good); a lost connection is
     * thrown, so the batch is not acknowledged and is applied again after a restart.
     */
    Applied apply(List<SourceTransaction> transactions) throws SQLException, InterruptedException {
        Map<EntityPlan, Set<Map<String, String>>> exact = new LinkedHashMap<>(), partial = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>(), warnings = new ArrayList<>();
        for (SourceTransaction t : transactions) {
            for (RowChange c : t.changes()) {
                String table = c.table().substring(c.table().lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
                for (EntityPlan p : plans) {
                    if (!p.reads(table)) continue;
                    for (Map<String, String> image : new Map[] {c.before(), c.after()}) {
                        if (image == null) continue;
                        Map<String, String> key;
                        try {
                            key = texts(p, image, p.keyColumns);
                            if (key.isEmpty()) { // a joined table's row: the entity rows it feeds, by that table's key
                                List<String> trace = p.traceColumns(c.table(), warnings);
                                key = trace.stream().allMatch(image::containsKey) ? texts(p, image, trace) : Map.of();
                            }
                        } catch (IllegalArgumentException e) {
                            failures.add("entity " + p.entity.name() + ", " + c.kind().name().toLowerCase(Locale.ROOT) + " of a row of " + c.table() + " "
                                    + image + " not applied: " + e.getMessage());
                            continue;
                        }
                        if (key.isEmpty()) continue;
                        (key.keySet().equals(Set.copyOf(p.keyColumns)) ? exact : partial).computeIfAbsent(p, x -> new LinkedHashSet<>()).add(key);
                    }
                }
            }
        }
        pending.clear();
        long[] counts = new long[3];
        for (var e : exact.entrySet()) reread(e.getKey(), new ArrayList<>(e.getValue()), true, counts, failures);
        for (var e : partial.entrySet()) {
            Map<Set<String>, List<Map<String, String>>> byColumns = new LinkedHashMap<>();
            for (Map<String, String> key : e.getValue()) byColumns.computeIfAbsent(key.keySet(), x -> new ArrayList<>()).add(key);
            for (List<Map<String, String>> keys : byColumns.values()) reread(e.getKey(), keys, false, counts, failures);
        }
        failures.addAll(flush());
        return new Applied(counts[0], counts[1], counts[2], failures, warnings);
    }

    /** The canonical texts of the image's non-NULL values of these columns (IllegalArgumentException naming the column). */
    private static Map<String, String> texts(EntityPlan p, Map<String, String> image, List<String> columns) {
        Map<String, String> key = new LinkedHashMap<>();
        for (String column : columns) {
            if (image.get(column) == null) continue;
            try {
                key.put(column, SqlValues.canonical(p.kind(column), image.get(column)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("column " + column + ": " + e.getMessage());
            }
        }
        return key;
    }

    private static final int KEYS_PER_QUERY = 200;

    /**
     * Reads the entity rows with these key column values (all keys of one column set), a query per
     * {@value #KEYS_PER_QUERY} keys, and writes their items; with {@code exact} (whole source keys),
     * deletes the items of keys the source no longer returns.
     */
    private void reread(EntityPlan p, List<Map<String, String>> keys, boolean exact, long[] counts, List<String> failures) throws SQLException {
        List<String> columns = new ArrayList<>(keys.get(0).keySet());
        for (int from = 0; from < keys.size(); from += KEYS_PER_QUERY) {
            List<Map<String, String>> chunk = keys.subList(from, Math.min(keys.size(), from + KEYS_PER_QUERY));
            try {
                rereadChunk(p, columns, chunk, exact, counts);
            } catch (SQLException e) {
                if (!source.isValid(5)) throw e;
                failures.add("entity " + p.entity.name() + ": re-reading the rows " + chunk + " failed, not applied: " + e.getMessage());
            }
        }
    }

    private void rereadChunk(EntityPlan p, List<String> columns, List<Map<String, String>> keys, boolean exact, long[] counts) throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT * FROM (" + SourceRanges.inner(p.entity.query()) + ") basalt_q WHERE ");
        if (columns.size() == 1) {
            sql.append(SourceRanges.quoted(source, columns, "basalt_q.")).append(" IN (").append("?, ".repeat(keys.size() - 1)).append("?)");
        } else {
            StringBuilder one = new StringBuilder("(");
            for (int i = 0; i < columns.size(); i++) {
                one.append(i == 0 ? "" : " AND ").append(SourceRanges.quoted(source, List.of(columns.get(i)), "basalt_q.")).append(" = ?");
            }
            one.append(")");
            for (int k = 0; k < keys.size(); k++) sql.append(k == 0 ? "" : " OR ").append(one);
        }
        Set<Map<String, String>> missing = new LinkedHashSet<>(keys);
        try (PreparedStatement ps = source.prepareStatement(sql.toString())) {
            int n = 1;
            for (Map<String, String> key : keys) {
                for (String column : columns) SqlValues.bind(ps, n++, p.kind(column), key.get(column), postgres);
            }
            try (ResultSet rs = ps.executeQuery()) {
                ItemMapper m = new ItemMapper(p.entity, p.table, mapping, rs.getMetaData());
                int[] keyIndexes = p.keyColumns.stream().mapToInt(k -> column(rs, k)).toArray();
                while (rs.next()) {
                    Map<String, String> rowKey = new LinkedHashMap<>();
                    for (int i = 0; i < p.keyColumns.size(); i++) rowKey.put(p.keyColumns.get(i), SqlValues.read(rs, keyIndexes[i], p.kinds[i]));
                    if (exact) missing.remove(rowKey);
                    ItemMapper.Mapped mapped = m.map(rs);
                    if (mapped.ok()) {
                        pend(p, mapped.item(), false);
                        counts[0]++;
                    } else {
                        counts[2]++; // refused by the mapping, as run skips it: no item (an older one goes)
                        delete(p, rowKey, counts);
                    }
                }
            }
        }
        if (exact) for (Map<String, String> key : missing) delete(p, key, counts);
    }

    private static int column(ResultSet rs, String name) {
        try {
            return rs.findColumn(name);
        } catch (SQLException e) {
            throw new ModelException("the query has no column " + name);
        }
    }

    private void delete(EntityPlan p, Map<String, String> key, long[] counts) {
        Map<String, AttributeValue> itemKey;
        try {
            itemKey = p.mapper.keyItem(p.table, key);
        } catch (RuntimeException refused) { // a key the mapping refuses (as run did): no item to delete
            return;
        }
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
