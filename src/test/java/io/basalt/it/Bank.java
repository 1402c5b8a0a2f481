package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * The bank workload of the transaction tests: accounts in table "bank"; a transfer debits one
 * account (conditioned on balance >= amount), credits another and records itself (an item with its
 * id, accounts and amount) in one TransactWriteItems, so the transfers that took effect can be
 * listed afterwards, also those whose outcome a client could not know.
 */
final class Bank {
    static final String TABLE = "bank";
    private final int accounts;
    private final long initial;

    Bank(int accounts, long initial) {
        this.accounts = accounts;
        this.initial = initial;
    }

    void create(DynamoDbClient c) {
        Sdk.createHashTable(c, TABLE);
        for (int i = 0; i < accounts; i++) {
            int ii = i;
            c.putItem(b -> b.tableName(TABLE).item(item("pk", "acct" + ii, "balance", n(Long.toString(initial)))));
        }
    }

    /** One transfer of a random amount between two random accounts; throws as the client does. */
    void transfer(DynamoDbClient c, String id, int maxAmount) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        int from = r.nextInt(accounts), to = r.nextInt(accounts - 1);
        if (to >= from) to++;
        String amount = Integer.toString(1 + r.nextInt(maxAmount));
        int ff = from, tt = to;
        c.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(item("pk", "acct" + ff))
                        .updateExpression("SET balance = balance - :a").conditionExpression("balance >= :a")
                        .expressionAttributeValues(Map.of(":a", n(amount)))).build(),
                TransactWriteItem.builder().update(u -> u.tableName(TABLE).key(item("pk", "acct" + tt))
                        .updateExpression("SET balance = balance + :a").expressionAttributeValues(Map.of(":a", n(amount)))).build(),
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item("pk", id, "from", "acct" + ff, "to", "acct" + tt, "amount", n(amount)))
                        .conditionExpression("attribute_not_exists(pk)")).build()));
    }

    /** The total of every balance, read as one TransactGetItems snapshot; no balance is negative. */
    long audit(DynamoDbClient c) {
        List<TransactGetItem> gets = new ArrayList<>();
        for (int i = 0; i < accounts; i++) {
            int ii = i;
            gets.add(TransactGetItem.builder().get(g -> g.tableName(TABLE).key(item("pk", "acct" + ii))).build());
        }
        long total = 0;
        for (ItemResponse r : c.transactGetItems(b -> b.transactItems(gets)).responses()) {
            long bal = Long.parseLong(r.item().get("balance").n());
            assertTrue(bal >= 0, "negative balance " + bal);
            total += bal;
        }
        return total;
    }

    long total() {
        return accounts * initial;
    }

    /**
     * Every recorded transfer is applied exactly once (balances equal initial +/- the recorded
     * transfers, read with a consistent Scan) and every acknowledged one is recorded.
     *
     * @return how many transfers are recorded
     */
    int verifyLedger(DynamoDbClient c, Set<String> acked) {
        Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < accounts; i++) expected.put("acct" + i, initial);
        Map<String, Long> actual = new HashMap<>();
        Set<String> recorded = new java.util.HashSet<>();
        c.scanPaginator(b -> b.tableName(TABLE).consistentRead(true)).items().forEach(i -> {
            String pk = i.get("pk").s();
            if (pk.startsWith("acct")) {
                actual.put(pk, Long.parseLong(i.get("balance").n()));
            } else {
                recorded.add(pk);
                long a = Long.parseLong(i.get("amount").n());
                expected.merge(i.get("from").s(), -a, Long::sum);
                expected.merge(i.get("to").s(), a, Long::sum);
            }
        });
        assertEquals(expected, actual, "balances match the recorded transfers");
        assertTrue(recorded.containsAll(acked), "every acknowledged transfer is recorded");
        assertEquals(total(), actual.values().stream().mapToLong(Long::longValue).sum());
        return recorded.size();
    }
}
