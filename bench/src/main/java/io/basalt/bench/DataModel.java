package io.basalt.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The benchmark table's items. Item number {@code i} lives in partition {@code i / 10} (partition key
 * {@code pk = "user" + 10 digits}) at sort key {@code sk = i % 10} (a number), so every partition holds
 * {@link #PARTITION_SIZE} items for the query workload. Each item carries a {@code payload} string of the
 * configured size and a numeric {@code counter}.
 */
final class DataModel {
    static final int PARTITION_SIZE = 10;
    static final String PK = "pk";
    static final String SK = "sk";
    static final String PAYLOAD = "payload";
    static final String COUNTER = "counter";
    static final String UPDATED = "updated";
    private static final int PAYLOADS_PER_SIZE = 128;
    private static final AttributeValue ZERO = AttributeValue.fromN("0");
    private static final AttributeValue[] SORT_KEYS = new AttributeValue[PARTITION_SIZE];

    static {
        for (int i = 0; i < PARTITION_SIZE; i++) SORT_KEYS[i] = AttributeValue.fromN(Integer.toString(i));
    }

    private final ConcurrentHashMap<Integer, AttributeValue[]> payloads = new ConcurrentHashMap<>();
    final long items;
    final long partitions;

    DataModel(long items) {
        this.items = items;
        this.partitions = (items + PARTITION_SIZE - 1) / PARTITION_SIZE;
    }

    static String partitionKey(long partition) {
        String digits = Long.toString(partition);
        StringBuilder sb = new StringBuilder(14).append("user");
        for (int i = digits.length(); i < 10; i++) sb.append('0');
        return sb.append(digits).toString();
    }

    static AttributeValue partitionValue(long partition) {
        return AttributeValue.fromS(partitionKey(partition));
    }

    Map<String, AttributeValue> key(long item) {
        Map<String, AttributeValue> key = new HashMap<>(4);
        key.put(PK, partitionValue(item / PARTITION_SIZE));
        key.put(SK, SORT_KEYS[(int) (item % PARTITION_SIZE)]);
        return key;
    }

    Map<String, AttributeValue> item(long item, int payloadSize, SplittableRandom random) {
        Map<String, AttributeValue> m = new HashMap<>(8);
        m.put(PK, partitionValue(item / PARTITION_SIZE));
        m.put(SK, SORT_KEYS[(int) (item % PARTITION_SIZE)]);
        m.put(PAYLOAD, payload(payloadSize, random));
        m.put(COUNTER, ZERO);
        return m;
    }

    /** One of a fixed pool of random printable strings of the given length (made once per size). */
    AttributeValue payload(int size, SplittableRandom random) {
        AttributeValue[] pool = payloads.computeIfAbsent(size, DataModel::makePayloads);
        return pool[random.nextInt(pool.length)];
    }

    private static AttributeValue[] makePayloads(int size) {
        SplittableRandom r = new SplittableRandom(size);
        AttributeValue[] pool = new AttributeValue[PAYLOADS_PER_SIZE];
        char[] chars = new char[size];
        for (int p = 0; p < pool.length; p++) {
            for (int i = 0; i < size; i++) chars[i] = (char) ('!' + r.nextInt(94));
            pool[p] = AttributeValue.fromS(new String(chars));
        }
        return pool;
    }
}
