package io.basalt.migrate.replicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** pgoutput protocol version 1 messages, built byte by byte as the PostgreSQL documentation lays them out. */
class PgOutputDecoderTest {
    private final PgOutputDecoder decoder = new PgOutputDecoder();

    @Test
    void transactionOfInsertUpdateWithOldKeyAndDelete() throws IOException {
        assertNull(decoder.decode(relation()));
        assertNull(decoder.decode(begin(777)));
        assertTrue(decoder.inTransaction());
        assertNull(decoder.decode(msg(o -> {
            o.writeByte('I');
            o.writeInt(16384);
            o.writeByte('N');
            tuple(o, "G1", "P1", null);
        })));
        assertNull(decoder.decode(msg(o -> { // key changed: old key 'K' then the new row
            o.writeByte('U');
            o.writeInt(16384);
            o.writeByte('K');
            tuple(o, "G1", "P1", null);
            o.writeByte('N');
            tuple(o, "G2", "P1", "42");
        })));
        assertNull(decoder.decode(msg(o -> {
            o.writeByte('D');
            o.writeInt(16384);
            o.writeByte('K');
            tuple(o, "G2", "P1", null);
        })));
        SourceTransaction t = decoder.decode(msg(o -> {
            o.writeByte('C');
            o.writeByte(0);
            o.writeLong(0x1_0000_00A0L);
            o.writeLong(0x1_0000_00B0L);
            o.writeLong(86_400_000_000L); // one day after 2000-01-01, in microseconds
        }));
        assertEquals("1/B0", t.position());
        assertEquals(777, t.xid());
        assertEquals(946_684_800_000L + 86_400_000L, t.commitMillis());
        List<RowChange> c = t.changes();
        assertEquals(3, c.size());
        assertEquals(new RowChange("public.players_games", RowChange.Kind.INSERT, null, row("G1", "P1", null)), c.get(0));
        assertEquals(new RowChange("public.players_games", RowChange.Kind.UPDATE, row("G1", "P1", null), row("G2", "P1", "42")), c.get(1));
        assertEquals(new RowChange("public.players_games", RowChange.Kind.DELETE, row("G2", "P1", null), null), c.get(2));
        assertTrue(!decoder.inTransaction());
    }

    @Test
    void truncateIsReportedNotReplicated() throws IOException {
        decoder.decode(relation());
        decoder.decode(begin(1));
        decoder.decode(msg(o -> {
            o.writeByte('T');
            o.writeInt(1);
            o.writeByte(0);
            o.writeInt(16384);
        }));
        assertEquals(List.of("a TRUNCATE is not replicated (truncate the target table by hand)"), decoder.drainWarnings());
    }

    private static Map<String, String> row(String game, String player, String score) {
        Map<String, String> m = new HashMap<>();
        m.put("game_id", game);
        m.put("player_id", player);
        m.put("score", score);
        return m;
    }

    interface Writer {
        void write(DataOutputStream o) throws IOException;
    }

    private static ByteBuffer msg(Writer w) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        w.write(new DataOutputStream(b));
        return ByteBuffer.wrap(b.toByteArray());
    }

    private static ByteBuffer relation() throws IOException {
        return msg(o -> {
            o.writeByte('R');
            o.writeInt(16384);
            string(o, "public");
            string(o, "players_games");
            o.writeByte('d');
            o.writeShort(3);
            for (String col : new String[] {"game_id", "player_id", "Score"}) {
                o.writeByte(col.equals("Score") ? 0 : 1);
                string(o, col);
                o.writeInt(25);
                o.writeInt(-1);
            }
        });
    }

    private static ByteBuffer begin(int xid) throws IOException {
        return msg(o -> {
            o.writeByte('B');
            o.writeLong(0x1_0000_00A0L);
            o.writeLong(0);
            o.writeInt(xid);
        });
    }

    /** A key-only old tuple sends 'n' for the other columns; null here means 'n'. */
    private static void tuple(DataOutputStream o, String... values) throws IOException {
        o.writeShort(values.length);
        for (String v : values) {
            if (v == null) {
                o.writeByte('n');
            } else {
                byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
                o.writeByte('t');
                o.writeInt(bytes.length);
                o.write(bytes);
            }
        }
    }

    private static void string(DataOutputStream o, String s) throws IOException {
        o.write(s.getBytes(StandardCharsets.UTF_8));
        o.writeByte(0);
    }
}
