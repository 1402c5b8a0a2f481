package io.basalt.api.streams;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Shard iterators: opaque to clients; they carry the stream ARN, the shard, the last sequence
 * number consumed, and when they were issued (they expire after 15 minutes, as the service's do).
 * Each is sealed with an HMAC under the store's secret (engine.StoreSecret), so a client cannot
 * make one for a stream it was never given one for, nor move one to another stream or position:
 * GetRecords reads only what an iterator it was really issued names, and the authorizer authorizes
 * that stream. Times are the instance's clock ({@code nowMillis}, from {@code engine.clock()}).
 */
public final class ShardIterators {
    static final long LIFETIME_MILLIS = 15 * 60 * 1000;
    private static final String MAC = "HmacSHA256";

    /** @param fromTrimHorizon a TRIM_HORIZON iterator starts at the oldest record still kept */
    record Position(String streamArn, int shard, long after, boolean fromTrimHorizon) {}

    private ShardIterators() {}

    static String encode(byte[] secret, long nowMillis, String streamArn, int shard, long after) {
        return encode(secret, nowMillis, streamArn, shard, after, false);
    }

    static String encode(byte[] secret, long nowMillis, String streamArn, int shard, long after, boolean fromTrimHorizon) {
        byte[] raw = (nowMillis + "|" + shard + "|" + (fromTrimHorizon ? "T" : "") + after + "|" + streamArn).getBytes(StandardCharsets.UTF_8);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        return b64.encodeToString(raw) + "." + b64.encodeToString(mac(secret, raw));
    }

    /** The position an iterator names, once its seal is checked; ValidationException or ExpiredIteratorException otherwise. */
    static Position decode(byte[] secret, String iterator, long nowMillis) {
        int dot = iterator.lastIndexOf('.');
        if (dot < 0) throw invalid();
        byte[] raw = payload(iterator);
        byte[] seal;
        try {
            seal = Base64.getUrlDecoder().decode(iterator.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
        if (!MessageDigest.isEqual(seal, mac(secret, raw))) throw invalid();
        String[] parts = new String(raw, StandardCharsets.UTF_8).split("\\|", 4);
        if (parts.length != 4) throw invalid();
        long issued;
        Position p;
        try {
            issued = Long.parseLong(parts[0]);
            boolean horizon = parts[2].startsWith("T");
            p = new Position(parts[3], Integer.parseInt(parts[1]), Long.parseLong(horizon ? parts[2].substring(1) : parts[2]), horizon);
        } catch (NumberFormatException e) {
            throw invalid();
        }
        if (nowMillis - issued > LIFETIME_MILLIS) {
            throw new DynamoException(ErrorType.EXPIRED_ITERATOR, "Iterator expired. The iterator was created at time "
                    + java.time.Instant.ofEpochMilli(issued) + " while right now the time is " + java.time.Instant.ofEpochMilli(nowMillis));
        }
        return p;
    }

    /**
     * The stream ARN an iterator carries, read without checking its seal (for authorizing GetRecords
     * before it runs: GetRecords then checks the seal, so an altered ARN never reaches a stream), or
     * the ValidationException GetRecords would answer.
     */
    public static String streamArnOf(String iterator) {
        String[] parts = new String(payload(iterator), StandardCharsets.UTF_8).split("\\|", 4);
        if (parts.length != 4) throw invalid();
        return parts[3];
    }

    private static byte[] payload(String iterator) {
        int dot = iterator.lastIndexOf('.');
        if (dot < 0) throw invalid();
        try {
            return Base64.getUrlDecoder().decode(iterator.substring(0, dot));
        } catch (IllegalArgumentException e) {
            throw invalid();
        }
    }

    private static byte[] mac(byte[] secret, byte[] raw) {
        try {
            Mac m = Mac.getInstance(MAC);
            m.init(new SecretKeySpec(secret, MAC));
            return m.doFinal(raw);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static DynamoException invalid() {
        return DynamoException.validation("Invalid ShardIterator");
    }

    static DynamoException trimmed() {
        return new DynamoException(ErrorType.TRIMMED_DATA_ACCESS, "The operation attempted to read past the oldest stream record in a shard.");
    }
}
