package io.basalt.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.basalt.model.AttrType;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.KeyCodec;
import io.basalt.model.Values;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;

/**
 * Keys the fuzzer makes up (strings with any characters, binaries with any bytes, numbers across
 * DynamoDB's range) survive encoding — the decoded key is the key — and two keys' encodings
 * order as DynamoDB orders the keys, as partition and as sort key.
 */
class KeyCodecFuzzTest {
    private static AttributeValue key(FuzzedDataProvider data, AttrType type) {
        return switch (type) {
            case S -> AttributeValue.s(data.consumeString(40));
            case B -> new AttributeValue.B(data.consumeBytes(40));
            default -> {
                BigInteger unscaled = new BigInteger(1 + data.consumeInt(0, 38) * 3, new java.util.Random(data.consumeLong()));
                if (unscaled.signum() == 0) yield new AttributeValue.N(DNumber.ZERO);
                BigDecimal v = new BigDecimal(data.consumeBoolean() ? unscaled.negate() : unscaled, data.consumeInt(-125, 129));
                if (v.precision() > 38) v = v.round(new java.math.MathContext(38));
                int magnitude = v.precision() - v.scale() - 1;
                if (magnitude > 125 || magnitude < -130) yield new AttributeValue.N(DNumber.of(1));
                yield new AttributeValue.N(DNumber.of(v));
            }
        };
    }

    private static int order(AttributeValue a, AttributeValue b) {
        return switch (a) {
            case AttributeValue.S s -> Arrays.compareUnsigned(s.value().getBytes(java.nio.charset.StandardCharsets.UTF_8),
                    ((AttributeValue.S) b).value().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            case AttributeValue.B x -> Arrays.compareUnsigned(x.value(), ((AttributeValue.B) b).value());
            case AttributeValue.N n -> n.value().value().compareTo(((AttributeValue.N) b).value().value());
            default -> throw new IllegalArgumentException();
        };
    }

    @FuzzTest(maxDuration = "20s")
    void keysRoundTripAndKeepTheirOrder(FuzzedDataProvider data) {
        AttrType[] types = {AttrType.S, AttrType.N, AttrType.B};
        AttrType hashType = data.pickValue(types), rangeType = data.pickValue(types);
        AttributeValue pk = key(data, hashType), sk1 = key(data, rangeType), sk2 = key(data, rangeType);
        byte[] k1 = KeyCodec.itemKey(9, pk, sk1), k2 = KeyCodec.itemKey(9, pk, sk2);
        KeyCodec.Decoded d = KeyCodec.decodeItemKey(k1, hashType, rangeType);
        assertTrue(Values.equalValues(pk, d.pk()), "partition key round trip: " + pk + " -> " + d.pk());
        assertTrue(Values.equalValues(sk1, d.sk()), "sort key round trip: " + sk1 + " -> " + d.sk());
        assertEquals(Integer.signum(order(sk1, sk2)), Integer.signum(Arrays.compareUnsigned(k1, k2)),
                () -> "sort order of " + sk1 + " and " + sk2);
        assertEquals(Integer.signum(order(sk1, sk2)), Integer.signum(Arrays.compareUnsigned(KeyCodec.encode(sk1), KeyCodec.encode(sk2))),
                () -> "value order of " + sk1 + " and " + sk2);
    }
}
