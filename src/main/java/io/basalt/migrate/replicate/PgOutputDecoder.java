package io.basalt.migrate.replicate;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Decodes the messages of PostgreSQL's {@code pgoutput} plugin, protocol version 1 (PostgreSQL
 * documentation, "Logical Replication Message Formats"): Relation describes a table's columns
 * before its first row; Begin, then Insert/Update/Delete rows as text, then Commit close a
 * transaction. Type, Origin and logical Messages are skipped; a Truncate is reported as
 * unsupported (its rows are not in the stream).
 */
final class PgOutputDecoder {
    private static final long PG_EPOCH_MILLIS = 946_684_800_000L; // 2000-01-01T00:00:00Z

    private record Relation(String table, List<String> columns) {}

    private final Map<Integer, Relation> relations = new HashMap<>();
    private List<RowChange> open;
    private long xid;
    private final List<String> warnings = new ArrayList<>();

    /** The transaction this message completes (its position the commit's end LSN as text), else null. */
    SourceTransaction decode(ByteBuffer b) {
        char type = (char) b.get();
        switch (type) {
            case 'B' -> {
                b.getLong(); // final LSN
                b.getLong(); // commit time (the Commit has it too)
                xid = b.getInt() & 0xFFFFFFFFL;
                open = new ArrayList<>();
            }
            case 'R' -> {
                int id = b.getInt();
                String namespace = string(b), name = string(b);
                b.get(); // replica identity setting
                int n = b.getShort();
                List<String> columns = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    b.get(); // flags (1: part of the key)
                    columns.add(string(b).toLowerCase(Locale.ROOT));
                    b.getInt(); // type oid
                    b.getInt(); // type modifier
                }
                relations.put(id, new Relation(namespace + "." + name, columns));
            }
            case 'I' -> {
                Relation r = relation(b.getInt());
                b.get(); // 'N'
                add(new RowChange(r.table(), RowChange.Kind.INSERT, null, tuple(b, r)));
            }
            case 'U' -> {
                Relation r = relation(b.getInt());
                char kind = (char) b.get();
                Map<String, String> before = null;
                if (kind == 'K' || kind == 'O') {
                    before = tuple(b, r);
                    b.get(); // 'N'
                }
                add(new RowChange(r.table(), RowChange.Kind.UPDATE, before, tuple(b, r)));
            }
            case 'D' -> {
                Relation r = relation(b.getInt());
                b.get(); // 'K' or 'O'
                add(new RowChange(r.table(), RowChange.Kind.DELETE, tuple(b, r), null));
            }
            case 'C' -> {
                b.get(); // flags
                b.getLong(); // commit LSN
                long end = b.getLong();
                long micros = b.getLong();
                List<RowChange> changes = open == null ? List.of() : open;
                open = null;
                return new SourceTransaction(changes, PG_EPOCH_MILLIS + micros / 1000, lsnText(end), xid);
            }
            case 'T' -> warnings.add("a TRUNCATE is not replicated (truncate the target table by hand)");
            default -> { } // 'Y' type, 'O' origin, 'M' logical message
        }
        return null;
    }

    boolean inTransaction() {
        return open != null;
    }

    /** Warnings since the last call (unsupported messages). */
    List<String> drainWarnings() {
        List<String> w = new ArrayList<>(warnings);
        warnings.clear();
        return w;
    }

    private void add(RowChange c) {
        if (open == null) open = new ArrayList<>();
        open.add(c);
    }

    private Relation relation(int id) {
        Relation r = relations.get(id);
        if (r == null) throw new IllegalStateException("pgoutput: a row of relation " + id + " before its Relation message");
        return r;
    }

    /** TupleData: column count, then per column 'n' (NULL), 'u' (unchanged TOAST value: left out) or 't' + length + text. */
    private static Map<String, String> tuple(ByteBuffer b, Relation r) {
        int n = b.getShort();
        Map<String, String> row = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            char kind = (char) b.get();
            String column = i < r.columns().size() ? r.columns().get(i) : "column" + i;
            switch (kind) {
                case 'n' -> row.put(column, null);
                case 'u' -> { } // unchanged TOASTed value: the applier re-reads the row anyway
                default -> {
                    byte[] bytes = new byte[b.getInt()];
                    b.get(bytes);
                    row.put(column, new String(bytes, StandardCharsets.UTF_8));
                }
            }
        }
        return row;
    }

    private static String string(ByteBuffer b) {
        int start = b.position();
        while (b.get() != 0) {
            // up to the terminating NUL
        }
        byte[] bytes = new byte[b.position() - start - 1];
        b.position(start);
        b.get(bytes);
        b.get();
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static String lsnText(long lsn) {
        return Long.toHexString(lsn >>> 32).toUpperCase(Locale.ROOT) + "/" + Long.toHexString(lsn & 0xFFFFFFFFL).toUpperCase(Locale.ROOT);
    }
}
