package io.basalt.engine.stream;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.TableDefinitionCodec;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The streams of deleted tables. The service keeps them for 24 hours after DeleteTable: DescribeStream
 * answers DISABLED (DISABLING at first), ListStreams still lists them (also next to a new table of the
 * same name), and their records stay readable until they expire (ack-api-quirks DDB-TABLE-378, live
 * 2026-10-09; Streams API reference). The deleted definition is kept in the CATALOG space under
 * "deleted-stream/ID" with the time of the deletion; the records stay where they were until then.
 */
public final class DeletedStreams {
    private static final String PREFIX = "deleted-stream/";

    /** A deleted table (its stream disabled at the deletion) and where it was. */
    public record Deleted(String namespace, TableDefinition table, long deletedMillis) {}

    private final StorageEngine storage;
    private final StreamRecorder streams;
    private final Clock clock;
    private final Map<Long, Deleted> byId = new ConcurrentHashMap<>();

    public DeletedStreams(StorageEngine storage, StreamRecorder streams, Clock clock) {
        this.storage = storage;
        this.streams = streams;
        this.clock = clock;
        byte[] from = PREFIX.getBytes(StandardCharsets.UTF_8);
        try (StorageCursor c = storage.scan(Space.CATALOG, from, KeyCodec.prefixEnd(from), false)) {
            while (c.next()) {
                Deleted d = decode(c.value());
                byId.put(d.table().id(), d);
            }
        }
    }

    /** Keeps the streams of a table just deleted from {@code namespace}. */
    public void add(String namespace, TableDefinition t) {
        long now = clock.millis();
        StreamSettings s = t.stream();
        long disabledAt = s.enabled() ? now : s.disabledMillis();
        TableDefinition kept = t.toBuilder().stream(new StreamSettings(false, s.viewType(), s.label(), s.previous(), disabledAt))
                .replicas(List.of()).build();
        Deleted d = new Deleted(namespace, kept, now);
        commit(new WriteBatch().put(Space.CATALOG, key(t.id()), encode(d), Mutation.EXPECT_ANY));
        byId.put(t.id(), d);
    }

    /** The deleted table of {@code namespace} named {@code name} whose stream (current or earlier) has this label, or null. */
    public Deleted find(String namespace, String name, String label) {
        for (Deleted d : live()) {
            if (d.namespace().equals(namespace) && d.table().name().equals(name) && d.table().stream().knows(label)) return d;
        }
        return null;
    }

    /** The deleted tables of a namespace whose streams are still kept, earliest deletion first. */
    public List<Deleted> of(String namespace) {
        List<Deleted> out = new ArrayList<>();
        for (Deleted d : live()) if (d.namespace().equals(namespace)) out.add(d);
        out.sort(Comparator.comparingLong(Deleted::deletedMillis));
        return out;
    }

    /** The kept ones; those past the retention period are dropped with their records. */
    private List<Deleted> live() {
        long horizon = clock.millis() - streams.retentionSeconds() * 1000;
        List<Deleted> out = new ArrayList<>();
        for (Deleted d : byId.values()) {
            if (d.deletedMillis() <= horizon) {
                drop(d);
            } else {
                out.add(d);
            }
        }
        return out;
    }

    private void drop(Deleted d) {
        if (byId.remove(d.table().id(), d)) {
            TableDefinition t = d.table();
            List<String> labels = new ArrayList<>(t.stream().previousLabels());
            labels.add(t.stream().label());
            for (String label : labels) {
                byte[] p = StreamRecorder.streamPrefix(t.id(), label);
                storage.deleteRange(Space.STREAMS, p, KeyCodec.prefixEnd(p));
            }
            commit(new WriteBatch().delete(Space.CATALOG, key(t.id()), Mutation.EXPECT_ANY));
            streams.forget(t);
        }
    }

    private void commit(WriteBatch batch) {
        try {
            storage.commit(batch);
        } catch (VersionConflictException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    private static byte[] key(long tableId) {
        return (PREFIX + tableId).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] encode(Deleted d) {
        byte[] ns = d.namespace().getBytes(StandardCharsets.UTF_8);
        byte[] def = TableDefinitionCodec.encode(d.table());
        return ByteBuffer.allocate(8 + 4 + ns.length + def.length).putLong(d.deletedMillis()).putInt(ns.length).put(ns).put(def).array();
    }

    private static Deleted decode(byte[] v) {
        ByteBuffer b = ByteBuffer.wrap(v);
        long at = b.getLong();
        int n = b.getInt();
        String ns = new String(v, 12, n, StandardCharsets.UTF_8);
        TableDefinition t = TableDefinitionCodec.decode(Arrays.copyOfRange(v, 12 + n, v.length));
        return new Deleted(ns, t, at);
    }
}
