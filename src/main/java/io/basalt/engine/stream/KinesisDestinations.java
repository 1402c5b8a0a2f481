package io.basalt.engine.stream;

import io.basalt.engine.Clock;
import io.basalt.error.DynamoException;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.Versioned;
import io.basalt.storage.WriteBatch;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A table's Kinesis Data Streams destinations (Enable/Describe/Disable/UpdateKinesisStreamingDestination).
 * Basalt has no Kinesis to deliver to, so every destination ends as the service ends one on a stream
 * it cannot use (ack-api-quirks DDB-TABLE-268/318, live 2026-10-09): the Enable call answers
 * ENABLING, and after the instance's status delay the entry is ENABLE_FAILED with "User does not
 * have a permission to use kinesis stream". Entries linger, newest first, one per stream ARN (an
 * Enable of a failed stream flips its entry); a table may hold at most one entry in flight. Kept in
 * the META space, so they survive restarts and every node sharing the store sees them.
 */
public final class KinesisDestinations {
    public static final String ENABLE_FAILED_DESCRIPTION = "User does not have a permission to use kinesis stream";
    private static final String INVALID_STATE = "Table is not in a valid state to enable Kinesis Streaming Destination: ";
    private static final byte[] PREFIX = "kinesis/".getBytes(StandardCharsets.UTF_8);
    private static final int ATTEMPTS = 5;

    /** One destination: its stream, when it was last enabled, and the precision asked for (null: the default). */
    public record Destination(String streamArn, long enabledAtMillis, String precision) {
        /** ENABLING for the status delay after the Enable call, then ENABLE_FAILED. */
        public String status(long delayMillis, long nowMillis) {
            return nowMillis - enabledAtMillis < delayMillis ? "ENABLING" : "ENABLE_FAILED";
        }
    }

    private final StorageEngine storage;
    private final Clock clock;
    private final long statusDelayMillis;

    public KinesisDestinations(StorageEngine storage, Clock clock, long statusDelayMillis) {
        this.storage = storage;
        this.clock = clock;
        this.statusDelayMillis = statusDelayMillis;
    }

    public long statusDelayMillis() {
        return statusDelayMillis;
    }

    /** The table's destinations, newest first. */
    public List<Destination> of(long tableId) {
        Versioned v = storage.get(Space.META, key(tableId));
        return v == null ? List.of() : decode(v.value());
    }

    /** Enables a destination: refused while another is in flight; a stream enabled before gets its entry back at the front. */
    public Destination enable(long tableId, String streamArn, String precision) {
        byte[] key = key(tableId);
        for (int attempt = 0; ; attempt++) {
            Versioned v = storage.get(Space.META, key);
            List<Destination> list = v == null ? new ArrayList<>() : new ArrayList<>(decode(v.value()));
            long now = clock.millis();
            for (Destination d : list) {
                if (d.status(statusDelayMillis, now).equals("ENABLING")) {
                    throw DynamoException.validation(INVALID_STATE
                            + "EnableKinesisStreamingDestination must be DISABLED or ENABLE_FAILED to perform ENABLE operation.");
                }
            }
            list.removeIf(d -> d.streamArn().equals(streamArn));
            Destination added = new Destination(streamArn, now, precision);
            list.add(0, added);
            try {
                storage.commit(new WriteBatch().put(Space.META, key, encode(list), v == null ? Mutation.EXPECT_ABSENT : v.version()));
                return added;
            } catch (VersionConflictException another) {
                // other Enable calls on the table keep winning: the service's answer to a busy resource
                if (attempt + 1 >= ATTEMPTS) throw DynamoException.resourceInUse("Attempt to change a resource which is still in use");
            }
        }
    }

    /** Disable needs an ACTIVE destination, which Basalt never has. */
    public static DynamoException notActiveForDisable() {
        return DynamoException.validation(INVALID_STATE + "KinesisStreamingDestination must be ACTIVE to perform DISABLE operation.");
    }

    /** Update needs an ACTIVE destination, which Basalt never has. */
    public static DynamoException notActiveForUpdate(String tableName, String streamArn) {
        return DynamoException.validation(INVALID_STATE + "Kinesis streaming is not in ACTIVE state. Updates are only allowed in "
                + "ACTIVE state. TableName: " + tableName + ", kdsArn: " + streamArn);
    }

    private static byte[] key(long tableId) {
        return ByteBuffer.allocate(PREFIX.length + 8).put(PREFIX).putLong(tableId).array();
    }

    private static byte[] encode(List<Destination> list) {
        int size = 4;
        List<byte[][]> texts = new ArrayList<>();
        for (Destination d : list) {
            byte[] arn = d.streamArn().getBytes(StandardCharsets.UTF_8);
            byte[] p = d.precision() == null ? new byte[0] : d.precision().getBytes(StandardCharsets.UTF_8);
            texts.add(new byte[][] {arn, p});
            size += 4 + arn.length + 8 + 4 + p.length;
        }
        ByteBuffer out = ByteBuffer.allocate(size).putInt(list.size());
        for (int i = 0; i < list.size(); i++) {
            byte[][] t = texts.get(i);
            out.putInt(t[0].length).put(t[0]).putLong(list.get(i).enabledAtMillis()).putInt(t[1].length).put(t[1]);
        }
        return out.array();
    }

    private static List<Destination> decode(byte[] bytes) {
        ByteBuffer in = ByteBuffer.wrap(bytes);
        int n = in.getInt();
        List<Destination> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            byte[] arn = new byte[in.getInt()];
            in.get(arn);
            long at = in.getLong();
            byte[] p = new byte[in.getInt()];
            in.get(p);
            out.add(new Destination(new String(arn, StandardCharsets.UTF_8), at, p.length == 0 ? null : new String(p, StandardCharsets.UTF_8)));
        }
        return List.copyOf(out);
    }
}
