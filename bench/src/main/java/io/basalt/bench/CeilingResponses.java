package io.basalt.bench;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * The fixed bodies the ceiling server answers with, one per DynamoDB operation, each valid enough for the
 * AWS SDK to parse: a whole item for GetItem, a partition of 10 items for Query, a last page of 100 items
 * for Scan, empty results for writes, an ACTIVE table for the control plane. Bodies and their CRC32
 * (the {@code x-amz-crc32} header the SDK checks) are computed once.
 */
final class CeilingResponses {
    /** A body and its CRC32, ready to send. */
    record Fixed(byte[] body, String crc32) {
        static Fixed of(String json) {
            byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
            CRC32 crc = new CRC32();
            crc.update(bytes);
            return new Fixed(bytes, Long.toString(crc.getValue()));
        }
    }

    static final String TARGET_PREFIX = "DynamoDB_20120810.";
    private static final int SCAN_PAGE = 100;

    private final Map<String, Fixed> byOperation = new HashMap<>();
    private final Fixed empty = Fixed.of("{}");

    CeilingResponses(int itemSize) {
        String payload = payload(itemSize);
        String item = item(0, 0, payload);
        StringBuilder partition = new StringBuilder();
        for (int i = 0; i < DataModel.PARTITION_SIZE; i++) {
            if (i > 0) partition.append(',');
            partition.append(item(0, i, payload));
        }
        StringBuilder page = new StringBuilder();
        for (int i = 0; i < SCAN_PAGE; i++) {
            if (i > 0) page.append(',');
            page.append(item(i / DataModel.PARTITION_SIZE, i % DataModel.PARTITION_SIZE, payload));
        }
        String table = tableDescription();
        byOperation.put("GetItem", Fixed.of("{\"Item\":" + item + "}"));
        byOperation.put("PutItem", empty);
        byOperation.put("UpdateItem", empty);
        byOperation.put("DeleteItem", empty);
        byOperation.put("Query", Fixed.of("{\"Count\":" + DataModel.PARTITION_SIZE + ",\"Items\":[" + partition
                + "],\"ScannedCount\":" + DataModel.PARTITION_SIZE + "}"));
        byOperation.put("Scan", Fixed.of("{\"Count\":" + SCAN_PAGE + ",\"Items\":[" + page + "],\"ScannedCount\":" + SCAN_PAGE + "}"));
        byOperation.put("BatchWriteItem", Fixed.of("{\"UnprocessedItems\":{}}"));
        byOperation.put("BatchGetItem", Fixed.of("{\"Responses\":{},\"UnprocessedKeys\":{}}"));
        byOperation.put("TransactWriteItems", empty);
        byOperation.put("TransactGetItems", Fixed.of("{\"Responses\":[]}"));
        byOperation.put("ListTables", Fixed.of("{\"TableNames\":[\"bench\"]}"));
        byOperation.put("DescribeTable", Fixed.of("{\"Table\":" + table + "}"));
        byOperation.put("CreateTable", Fixed.of("{\"TableDescription\":" + table + "}"));
        byOperation.put("DeleteTable", Fixed.of("{\"TableDescription\":" + table + "}"));
    }

    /** Every distinct body (to prepare send buffers once). */
    java.util.Collection<Fixed> all() {
        java.util.Set<Fixed> all = new java.util.HashSet<>(byOperation.values());
        all.add(empty);
        return all;
    }

    /** The answer for an {@code X-Amz-Target} header value; unknown operations get {@code {}}. */
    Fixed forTarget(String target) {
        if (target == null) return empty;
        String op = target.startsWith(TARGET_PREFIX) ? target.substring(TARGET_PREFIX.length()) : target;
        return byOperation.getOrDefault(op, empty);
    }

    private static String item(long partition, int sort, String payload) {
        return "{\"" + DataModel.PK + "\":{\"S\":\"" + DataModel.partitionKey(partition) + "\"},"
                + "\"" + DataModel.SK + "\":{\"N\":\"" + sort + "\"},"
                + "\"" + DataModel.PAYLOAD + "\":{\"S\":\"" + payload + "\"},"
                + "\"" + DataModel.COUNTER + "\":{\"N\":\"0\"}}";
    }

    private static String payload(int size) {
        SplittableRandom r = new SplittableRandom(42);
        StringBuilder sb = new StringBuilder(size);
        for (int i = 0; i < size; i++) sb.append((char) ('a' + r.nextInt(26)));
        return sb.toString();
    }

    private static String tableDescription() {
        long now = System.currentTimeMillis() / 1000;
        return "{\"TableName\":\"bench\",\"TableStatus\":\"ACTIVE\",\"CreationDateTime\":" + now + ","
                + "\"AttributeDefinitions\":[{\"AttributeName\":\"pk\",\"AttributeType\":\"S\"},"
                + "{\"AttributeName\":\"sk\",\"AttributeType\":\"N\"}],"
                + "\"KeySchema\":[{\"AttributeName\":\"pk\",\"KeyType\":\"HASH\"},{\"AttributeName\":\"sk\",\"KeyType\":\"RANGE\"}],"
                + "\"BillingModeSummary\":{\"BillingMode\":\"PAY_PER_REQUEST\"},"
                + "\"ProvisionedThroughput\":{\"NumberOfDecreasesToday\":0,\"ReadCapacityUnits\":0,\"WriteCapacityUnits\":0},"
                + "\"ItemCount\":0,\"TableSizeBytes\":0,"
                + "\"TableArn\":\"arn:aws:dynamodb:us-east-1:000000000000:table/bench\",\"TableId\":\"00000000-0000-0000-0000-000000000000\"}";
    }
}
