package io.basalt.engine.transfer;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exports (or imports) an instance made, held in memory: the files are the durable result;
 * Describe and List forget them at a restart.
 */
public final class Transfers<R extends Transfer> {
    private final Map<String, R> byArn = new ConcurrentHashMap<>();
    private final ErrorType notFound;
    private final String notFoundText;

    /** @param notFoundText the not-found message before the ARN ("Export not found: ") */
    public Transfers(ErrorType notFound, String notFoundText) {
        this.notFound = notFound;
        this.notFoundText = notFoundText;
    }

    public void put(R e) {
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
