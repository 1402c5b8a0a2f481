package io.basalt.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ItemCodecTest {
    @Test
    void roundTripsEveryType() {
        Map<String, AttributeValue> item = new LinkedHashMap<>();
        item.put("s", AttributeValue.s("h\u00e9llo \ud83d\ude00"));
        item.put("empty", AttributeValue.s(""));
        item.put("n", AttributeValue.n("-12.5E-3"));
        item.put("b", new AttributeValue.B(new byte[] {0, 1, (byte) 255}));
        item.put("eb", new AttributeValue.B(new byte[0]));
        item.put("t", AttributeValue.Bool.TRUE);
        item.put("f", AttributeValue.Bool.FALSE);
        item.put("nul", AttributeValue.Null.INSTANCE);
        item.put("ss", new AttributeValue.SS(List.of("z", "a")));
        item.put("ns", new AttributeValue.NS(List.of(DNumber.parse("3"), DNumber.parse("1e2"))));
        item.put("bs", new AttributeValue.BS(List.of(new byte[] {1}, new byte[] {2})));
        item.put("l", new AttributeValue.L(List.of(AttributeValue.s("x"), new AttributeValue.M(Map.of("k", AttributeValue.n(1))))));
        Map<String, AttributeValue> back = ItemCodec.decode(ItemCodec.encode(item));
        assertTrue(Values.equalMaps(item, back));
        assertEquals(new ArrayList<>(item.keySet()), new ArrayList<>(back.keySet()));
        assertEquals("100", ((AttributeValue.NS) back.get("ns")).value().get(1).toString());
        assertEquals(List.of("a", "z"), ((AttributeValue.SS) back.get("ss")).value(), "sets come back in order");
    }

    @Test
    void deepAndLarge() {
        AttributeValue v = AttributeValue.s("leaf");
        for (int i = 0; i < 32; i++) v = new AttributeValue.M(Map.of("m", v));
        Map<String, AttributeValue> item = Map.of("deep", v, "big", AttributeValue.s("x".repeat(400_000)));
        assertTrue(Values.equalMaps(item, ItemCodec.decode(ItemCodec.encode(item))));
    }
}
