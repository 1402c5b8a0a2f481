package io.basalt.server.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.model.AttributeValue;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the authorizer reads of a body for condition keys, and where it stops (#34.7). */
class BoundedRequestTreeTest {
    private static Map<String, Object> read(String json) throws IOException {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return BoundedRequestTree.read(() -> new ByteArrayInputStream(body));
    }

    @Test
    void itemsAreReadShallowlyKeepingOnlyValuesThatCouldBeKeys() throws IOException {
        Map<String, Object> r = read("{\"TableName\":\"T\",\"Item\":{\"pk\":{\"S\":\"a\"},\"n\":{\"N\":\"01.50\"},\"b\":{\"B\":\"AAE=\"},"
                + "\"m\":{\"M\":{\"x\":{\"L\":[{\"S\":\"deep\"}]}}},\"long\":{\"S\":\"" + "x".repeat(5000) + "\"},\"bad\":{\"N\":\"x\"}}}");
        assertEquals("T", r.get("TableName"));
        @SuppressWarnings("unchecked")
        Map<String, AttributeValue> item = (Map<String, AttributeValue>) r.get("Item");
        assertEquals(List.of("pk", "n", "b", "m", "long", "bad"), List.copyOf(item.keySet()));
        assertEquals(new AttributeValue.S("a"), item.get("pk"));
        assertEquals("1.5", ((AttributeValue.N) item.get("n")).value().toString());
        assertEquals(2, ((AttributeValue.B) item.get("b")).value().length);
        assertNull(item.get("m"));
        assertNull(item.get("long"));
        assertNull(item.get("bad"));
    }

    @Test
    void substitutionsOverTwoMegabytesAreNotRead() {
        StringBuilder names = new StringBuilder("{\"ExpressionAttributeNames\":{");
        for (int i = 0; names.length() < 1_100_000; i++) names.append(i == 0 ? "" : ",").append("\"#n").append(i).append("\":\"abcdefgh\"");
        StringBuilder values = new StringBuilder("\"ExpressionAttributeValues\":{");
        for (int i = 0; values.length() < 1_100_000; i++) values.append(i == 0 ? "" : ",").append("\":v").append(i).append("\":{\"S\":\"x\"}");
        // each half is under the limit, together they are over it
        assertThrows(BoundedRequestTree.TooLarge.class, () -> read(names + "}," + values + "}}"));
    }

    @Test
    void theLimitHoldsForEachActionOfATransactionAndTwiceItForAll() throws IOException {
        StringBuilder values = new StringBuilder("{");
        for (int i = 0; values.length() < 1_500_000; i++) {
            values.append(i == 0 ? "" : ",").append("\":v").append(i).append("\":{\"S\":\"").append("x".repeat(40)).append("\"}");
        }
        String action = "{\"Update\":{\"TableName\":\"T\",\"ExpressionAttributeValues\":" + values + "}}}";
        assertEquals(List.of("TransactItems"), List.copyOf(read("{\"TransactItems\":[" + action + "," + action + "]}").keySet()));
        assertThrows(BoundedRequestTree.TooLarge.class, () -> read("{\"TransactItems\":[" + action + "," + action + "," + action + "]}"));
    }

    @Test
    void moreThanTwoHundredThousandValuesAreNotRead() {
        StringBuilder b = new StringBuilder("{\"AttributesToGet\":[");
        for (int i = 0; i <= BoundedRequestTree.VALUES; i++) b.append(i == 0 ? "" : ",").append("\"a\"");
        assertThrows(BoundedRequestTree.TooLarge.class, () -> read(b + "]}"));
    }
}
