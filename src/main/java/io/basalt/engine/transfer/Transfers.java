package io.basalt.engine.transfer;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Mutation;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.storage.StorageEngine;
import io.basalt.storage.VersionConflictException;
import io.basalt.storage.WriteBatch;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exports (or imports) an instance made: one CATALOG entry each ({@code PREFIX + ARN}, written
 * when the transfer ends, in a commit of its own), held in memory too, so Describe and List answer
 * after a restart as before it (on a store on disk; an in-memory store forgets them with the rest).
 */
public final class Transfers<R extends Transfer> {
    private final Map<String, R> byArn = new ConcurrentHashMap<>();
    private final ErrorType notFound;
    private final String notFoundText;
    private final StorageEngine storage;
    private final String prefix;
    private final TransferCodec.Codec<R> codec;

    /**
     * @param notFoundText the not-found message before the ARN ("Export not found: ")
     * @param prefix the records' key prefix in the CATALOG space ("export/")
     */
    public Transfers(ErrorType notFound, String notFoundText, StorageEngine storage, String prefix, TransferCodec.Codec<R> codec) {
        this.notFound = notFound;
        this.notFoundText = notFoundText;
        this.storage = storage;
        this.prefix = prefix;
        this.codec = codec;
        byte[] from = prefix.getBytes(StandardCharsets.UTF_8);
        List<R> cut = new ArrayList<>();
        try (StorageCursor c = storage.scan(Space.CATALOG, from, KeyCodec.prefixEnd(from), false)) {
            while (c.next()) {
                R r = codec.decode(c.value());
                byArn.put(r.arn(), r);
                if ("IN_PROGRESS".equals(r.status())) cut.add(r);
            }
        }
        // a transfer running when the server stopped does not resume: it ends FAILED
        for (R r : cut) put(codec.interrupted(r));
    }

    /** Records a transfer (durably). */
    public void put(R e) {
        try {
            storage.commit(new WriteBatch().put(Space.CATALOG, (prefix + e.arn()).getBytes(StandardCharsets.UTF_8), codec.encode(e),
                    Mutation.EXPECT_ANY));
        } catch (VersionConflictException conflict) {
            throw new IllegalStateException("an unchecked write conflicted", conflict);
        }
        byArn.put(e.arn(), e);
    }

    /** The account's transfer with this ARN, or the not-found error. */
    public R require(String account, String arn) {
        R e = arn == null ? null : byArn.get(arn);
        if (e == null || !e.account().equals(account)) throw new DynamoException(notFound, notFoundText + arn);
        return e;
    }

    /** An earlier transfer of the account with this client token, or null. */
    public R byClientToken(String account, String token) {
        if (token == null) return null;
        for (R e : byArn.values()) if (e.account().equals(account) && token.equals(e.clientToken())) return e;
        return null;
    }

    /** The account's transfers (of one table when {@code tableArn} is set), newest first as the service lists them. */
    public List<R> list(String account, String tableArn) {
        List<R> out = new ArrayList<>();
        for (R e : byArn.values()) {
            if (e.account().equals(account) && (tableArn == null || tableArn.equals(e.tableArn()))) out.add(e);
        }
        out.sort(Comparator.comparingLong((R e) -> e.startMillis()).thenComparing(Transfer::arn).reversed());
        return out;
    }

    /**
     * One page of {@link #list}: at most {@code limit} after the one whose ARN is {@code after}
     * (null: from the start); the last element of the answer is the next token when more follow.
     */
    public Page<R> page(String account, String tableArn, String after, int limit) {
        List<R> all = list(account, tableArn);
        int from = 0;
        if (after != null) {
            while (from < all.size() && !all.get(from).arn().equals(after)) from++;
            from++;
        }
        from = Math.min(from, all.size());
        int to = Math.min(all.size(), from + limit);
        return new Page<>(all.subList(from, to), to < all.size() ? all.get(to - 1).arn() : null);
    }

    public record Page<R>(List<R> items, String nextToken) {}
}
