package io.basalt.api.streams;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Shard iterators: opaque to clients; they carry the stream ARN, the shard, the last sequence
 * number consumed, and when they were issued (they expire after 15 minutes, as the service's do).
 * Times are the instance's clock ({@code nowMillis}, from {@code engine.clock()}).
 */
final class ShardIterators {
    static final long LIFETIME_MILLIS = 15 * 60 * 1000;

    /** @param fromTrimHorizon a TRIM_HORIZON iterator starts at the oldest record still kept */
    record Position(String streamArn, int shard, long after, boolean fromTrimHorizon) {}

    private ShardIterators() {}

    static String encode(long nowMillis, String streamArn, int shard, long after) {
        return encode(nowMillis, streamArn, shard, after, false);
    }

    static String encode(long nowMillis, String streamArn, int shard, long after, boolean fromTrimHorizon) {
        String raw = nowMillis + "|" + shard + "|" + (fromTrimHorizon ? "T" : "") + after + "|" + streamArn;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    static Position decode(String iterator, long nowMillis) {
        String raw;
        try {
            raw = new String(Base64.getUrlDecoder().decode(iterator), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw DynamoException.validation("Invalid ShardIterator");
        }
        String[] parts = raw.split("\\|", 4);
        if (parts.length != 4) throw DynamoException.validation("Invalid ShardIterator");
        long issued;
        Position p;
        try {
            issued = Long.parseLong(parts[0]);
            boolean horizon = parts[2].startsWith("T");
            p = new Position(parts[3], Integer.parseInt(parts[1]), Long.parseLong(horizon ? parts[2].substring(1) : parts[2]), horizon);
        } catch (NumberFormatException e) {
            throw DynamoException.validation("Invalid ShardIterator");
        }
        if (nowMillis - issued > LIFETIME_MILLIS) {
            throw new DynamoException(ErrorType.EXPIRED_ITERATOR, "Iterator expired. The iterator was created at time "
                    + java.time.Instant.ofEpochMilli(issued) + " while right now the time is " + java.time.Instant.ofEpochMilli(nowMillis));
        }
        return p;
    }

    static DynamoException trimmed() {
        return new DynamoException(ErrorType.TRIMMED_DATA_ACCESS, "The operation attempted to read past the oldest stream record in a shard.");
    }
}
