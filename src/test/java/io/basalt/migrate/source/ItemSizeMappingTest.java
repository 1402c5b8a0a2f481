package io.basalt.migrate.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.migrate.analyze.SizeStats;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.ItemSize;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Rows become items whose size is Basalt's own {@link ItemSize} (the service's rules): checked on an
 * in-memory SQLite database (bundled driver, no server needed), plus JSON columns, numbers beyond 38
 * digits and the sample statistics.
 */
class ItemSizeMappingTest {

    @Test
    void rowSizeIsTheSizeOfTheSameItem() throws Exception {
        try (Connection c = JdbcSource.connect("jdbc:sqlite::memory:", null, null, List.of());
             Statement st = c.createStatement()) {
            st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, price REAL, photo BLOB, note TEXT)");
            st.execute("INSERT INTO t VALUES (12345, 'Zoë 日本', 19.5, x'00010203', NULL)");
            ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
            try (ResultSet rs = st.executeQuery("SELECT * FROM t")) {
                rs.next();
                ResultSetMetaData md = rs.getMetaData();
                Map<String, AttributeValue> item = new LinkedHashMap<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    ColumnMapping.Column col = mapping.column(md.getColumnLabel(i), md.getColumnType(i), md.getColumnTypeName(i),
                            md.getPrecision(i), md.getScale(i), true);
                    AttributeValue v = mapping.value(rs, i, col);
                    if (v != null) item.put(col.name(), v); // NULL: the attribute is left out
                }
                Map<String, AttributeValue> expected = new LinkedHashMap<>();
                expected.put("id", new AttributeValue.N(DNumber.parse("12345")));
                expected.put("name", new AttributeValue.S("Zoë 日本"));
                expected.put("price", new AttributeValue.N(DNumber.parse("19.5")));
                expected.put("photo", new AttributeValue.B(new byte[] {0, 1, 2, 3}));
                assertEquals(expected.keySet(), item.keySet());
                assertEquals(ItemSize.of(expected), ItemSize.of(item));
                // by hand: id 2+(3 digit pairs+1)=6, name 4+11=15, price 5+3=8, photo 5+4=9
                assertEquals(6 + 15 + 8 + 9, ItemSize.of(item));
            }
        }
    }

    @Test
    void jsonObjectsBecomeMapsAndHugeNumbersAreRefused() throws Exception {
        AttributeValue m = JsonValues.parse("{\"a\": [1, \"x\", true, null], \"b\": {\"c\": 2.50}}");
        Map<String, AttributeValue> inner = new LinkedHashMap<>();
        inner.put("c", new AttributeValue.N(DNumber.parse("2.5")));
        Map<String, AttributeValue> expected = new LinkedHashMap<>();
        expected.put("a", new AttributeValue.L(List.of(new AttributeValue.N(DNumber.parse("1")), new AttributeValue.S("x"),
                AttributeValue.Bool.TRUE, AttributeValue.Null.INSTANCE)));
        expected.put("b", new AttributeValue.M(inner));
        assertEquals(ItemSize.of(new AttributeValue.M(expected)), ItemSize.of(m));
        try (Connection c = JdbcSource.connect("jdbc:sqlite::memory:", null, null, List.of());
             Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT '123456789012345678901234567890123456789' AS n")) {
            rs.next();
            ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
            ColumnMapping.Column col = mapping.column("n", java.sql.Types.NUMERIC, "NUMERIC", 0, 0, true);
            assertEquals("unbounded precision: values over 38 digits would be rejected", col.note());
            assertThrows(ColumnMapping.OutOfRange.class, () -> mapping.value(rs, 1, col));
        }
    }

    @Test
    void sampleStatistics() {
        long[] sizes = new long[100];
        for (int i = 0; i < 100; i++) sizes[i] = 100 - i; // 1..100, unsorted
        Map<String, Object> s = SizeStats.of(sizes, false, 400 * 1024);
        assertEquals(50L, s.get("p50"));
        assertEquals(95L, s.get("p95"));
        assertEquals(99L, s.get("p99"));
        assertEquals(100L, s.get("max"));
        assertEquals(50.5, s.get("mean"));
        Map<String, Object> sampled = SizeStats.of(sizes, true, 400 * 1024);
        // p95 of 100 values: ranks 95 ± 1.96·√(100·0.95·0.05) = 95 ± 4.27 → sizes at ranks 90 and 100
        assertEquals(List.of(90L, 100L), sampled.get("p95Ci95"));
    }
}
