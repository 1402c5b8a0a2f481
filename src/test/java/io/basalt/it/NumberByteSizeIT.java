package io.basalt.it;

import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static io.basalt.it.Sdk.validation;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * A number's byte cost in the item-size ceiling (409,600 bytes), measured live on 2026-08-18 by
 * accept/refuse pairs at the ceiling (github.com/paritysuite/dynamodb-conformance
 * tests/tier3/limits/numberByteSize): a negative number's sign costs a byte, a zero is never negative.
 */
class NumberByteSizeIT extends ServerTestBase {
    private static final String T = "number_byte_size";
    private static final int CEILING = 409_600;

    @BeforeAll
    static void table() {
        Sdk.createHashTable(ddb, T);
    }

    /** An item of pk, n and padding p that is {@code CEILING + over} bytes if {@code number} costs {@code cost}. */
    private static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item(String pk, String number, int cost, int over) {
        int fixed = "pk".length() + pk.length() + "n".length() + cost + "p".length();
        return Map.of("pk", s(pk), "n", n(number), "p", s("x".repeat(CEILING - fixed + over)));
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"Item"})
    void aNegativeNumbersSignByteCounts() {
        ddb.putItem(b -> b.tableName(T).item(item("nb-neg", "-42", 3, 0)));
        validation("Item size has exceeded the maximum allowed size", () -> ddb.putItem(b -> b.tableName(T).item(item("nb-neg", "-42", 3, 1))));
        ddb.putItem(b -> b.tableName(T).item(item("nb-zero", "-0", 1, 0)));
        validation("Item size has exceeded the maximum allowed size", () -> ddb.putItem(b -> b.tableName(T).item(item("nb-zero", "-0", 1, 1))));
        // the sign byte is metered too: 1 + 2 + 1 + 3 = 7 bytes, one write unit, one 4 KB read unit
        var put = ddb.putItem(b -> b.tableName(T).item(Map.of("pk", s("m"), "n", n("-42"))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        assertEquals(1.0, put.consumedCapacity().capacityUnits());
    }
}
