package io.basalt.migrate.load;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Writes a batch of up to 25 items (at most 16 MB: 25 items of 400 KB are 10 MB) with
 * BatchWriteItem. UnprocessedItems, throttling and server or connection errors are retried with
 * full-jitter exponential backoff (a random sleep in [0, min(5 s, 50 ms × 2^attempt)]). When the
 * target rejects the request as invalid (one bad item fails the whole batch), each item is put on
 * its own to find which ones the target refuses, with its error code and message.
 */
public final class BatchWriter {
    public static final int MAX_ITEMS = 25;
    static final long MAX_BYTES = 16L * 1024 * 1024;
    private static final int MAX_ATTEMPTS = 15;

    private final DynamoDbClient ddb;
    long retries; // for the report: backoffs taken (not exact across threads; informational)

    public BatchWriter(DynamoDbClient ddb) {
        this.ddb = ddb;
    }

    /** Per row: null when written, else why not. */
    Map<Loader.Row, String> write(List<Loader.Row> rows) throws InterruptedException {
        Map<Loader.Row, String> result = new IdentityHashMap<>();
        Map<WriteRequest, Loader.Row> byRequest = new HashMap<>();
        Map<String, List<WriteRequest>> requests = new LinkedHashMap<>();
        for (Loader.Row r : rows) {
            WriteRequest w = WriteRequest.builder().putRequest(PutRequest.builder().item(r.item()).build()).build();
            byRequest.put(w, r);
            requests.computeIfAbsent(r.table(), t -> new ArrayList<>()).add(w);
        }
        send(requests).forEach((w, reason) -> result.put(byRequest.get(w), reason));
        for (Loader.Row r : rows) result.putIfAbsent(r, null);
        return result;
    }

    /**
     * Sends puts and deletes (at most 25, distinct keys) per table with BatchWriteItem, retrying as
     * described above; returns the requests not written, with the reason.
     */
    public Map<WriteRequest, String> send(Map<String, List<WriteRequest>> requests) throws InterruptedException {
        Map<WriteRequest, String> failed = new HashMap<>();
        Map<WriteRequest, String> tableOf = new HashMap<>();
        requests.forEach((t, l) -> l.forEach(w -> tableOf.put(w, t)));
        for (int attempt = 0; !requests.isEmpty(); attempt++) {
            if (attempt >= MAX_ATTEMPTS) {
                requests.values().forEach(l -> l.forEach(w -> failed.put(w, "still unprocessed after " + MAX_ATTEMPTS + " attempts")));
                break;
            }
            if (attempt > 0) backoff(attempt);
            Map<String, List<WriteRequest>> sending = requests;
            try {
                BatchWriteItemResponse resp = ddb.batchWriteItem(b -> b.requestItems(sending));
                requests = new LinkedHashMap<>(resp.hasUnprocessedItems() ? resp.unprocessedItems() : Map.of());
            } catch (DynamoDbException e) {
                if (!retryable(e)) {
                    for (List<WriteRequest> l : sending.values()) {
                        for (WriteRequest w : l) {
                            String reason = alone(tableOf.get(w), w);
                            if (reason != null) failed.put(w, reason);
                        }
                    }
                    break;
                }
            } catch (SdkClientException e) {
                // connection trouble: retry the same requests
            }
        }
        return failed;
    }

    /** Sends one put or delete on its own; null when written, else the target's error. */
    private String alone(String table, WriteRequest w) throws InterruptedException {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            if (attempt > 0) backoff(attempt);
            try {
                if (w.putRequest() != null) ddb.putItem(b -> b.tableName(table).item(w.putRequest().item()));
                else ddb.deleteItem(b -> b.tableName(table).key(w.deleteRequest().key()));
                return null;
            } catch (DynamoDbException e) {
                if (!retryable(e)) {
                    String code = e.awsErrorDetails() == null ? "Error" : e.awsErrorDetails().errorCode();
                    String message = e.awsErrorDetails() == null ? e.getMessage() : e.awsErrorDetails().errorMessage();
                    return "rejected by the target: " + code + ": " + message;
                }
            } catch (SdkClientException e) {
                // retry
            }
        }
        return "not written after " + MAX_ATTEMPTS + " attempts";
    }

    public static boolean retryable(DynamoDbException e) {
        String code = e.awsErrorDetails() == null ? "" : e.awsErrorDetails().errorCode();
        return e.statusCode() >= 500 || e.isThrottlingException() || code.equals("ProvisionedThroughputExceededException")
                || code.equals("ThrottlingException") || code.equals("RequestLimitExceeded") || code.equals("LimitExceededException");
    }

    private void backoff(int attempt) throws InterruptedException {
        retries++;
        sleepBackoff(attempt);
    }

    /** Full-jitter exponential backoff: a random sleep in [0, min(5 s, 50 ms × 2^attempt)]. */
    public static void sleepBackoff(int attempt) throws InterruptedException {
        long cap = Math.min(5000, 50L << Math.min(attempt, 10));
        Thread.sleep(ThreadLocalRandom.current().nextLong(cap + 1));
    }
}
