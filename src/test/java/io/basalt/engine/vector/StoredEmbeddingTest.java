package io.basalt.engine.vector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.basalt.engine.catalog.VectorIndexDefinition;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.ItemCodec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The embedding read from stored bytes is the one the decoded item gives, for valid and malformed items alike. */
class StoredEmbeddingTest {
    static final VectorIndexDefinition INDEX = new VectorIndexDefinition("idx", 1, "emb", 3, "COSINE", List.of(), "ALL", List.of(),
            "ACTIVE", false);

    static AttributeValue n(String v) {
        return new AttributeValue.N(DNumber.parse(v));
    }

    static float[] both(Map<String, AttributeValue> item) {
        float[] decoded = VectorEntries.embedding(INDEX, item);
        float[] stored = new StoredEmbedding("emb", 3).read(ItemCodec.encode(item), 0);
        assertArrayEquals(decoded, stored);
        return stored;
    }

    static Map<String, AttributeValue> item(AttributeValue emb) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        m.put("a", new AttributeValue.S("x"));
        m.put("nested", new AttributeValue.M(Map.of("emb", new AttributeValue.L(List.of(n("9"), n("9"), n("9"))))));
        if (emb != null) m.put("emb", emb);
        m.put("z", new AttributeValue.L(List.of(n("7"))));
        return m;
    }

    @Test
    void validAndMalformedEmbeddings() {
        assertArrayEquals(new float[] {1.5f, -2f, 3e-7f}, both(item(new AttributeValue.L(List.of(n("1.5"), n("-2"), n("3e-7"))))));
        assertNull(both(item(null)));
        assertNull(both(item(new AttributeValue.S("1,2,3"))));
        assertNull(both(item(new AttributeValue.L(List.of(n("1"), n("2"))))));
        assertNull(both(item(new AttributeValue.L(List.of(n("1"), new AttributeValue.S("2"), n("3"))))));
        assertNull(both(item(new AttributeValue.L(List.of(n("1"), new AttributeValue.L(List.of(n("2"))), n("3"))))));
        assertNull(both(item(new AttributeValue.L(List.of(n("1"), new AttributeValue.M(Map.of()), n("3"))))));
        assertNull(both(item(new AttributeValue.NS(List.of(DNumber.parse("1"), DNumber.parse("2"), DNumber.parse("3"))))));
        assertNull(both(item(new AttributeValue.L(List.of(n("1"), n("1e100"), n("3"))))), "overflows a float");
        List<AttributeValue> many = new ArrayList<>();
        for (int i = 0; i < 3; i++) many.add(n(Integer.toString(i)));
        assertArrayEquals(new float[] {0, 1, 2}, both(item(new AttributeValue.L(many))));
    }
}
