package io.basalt.migrate.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.migrate.source.SqlValues.Kind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The canonical texts of key values from every source form, and the ISO texts that sort as time does. */
class SqlValuesTest {
    @Test
    void instantsFromEveryOffsetForm() {
        assertEquals("2024-01-01T04:30:00.250Z", SqlValues.canonical(Kind.INSTANT, "2024-01-01 10:00:00.25+05:30"));
        assertEquals("2024-01-01T10:00:00Z", SqlValues.canonical(Kind.INSTANT, "2024-01-01 10:00:00+00"));
        assertEquals("2024-01-01T18:00:00.123456Z", SqlValues.canonical(Kind.INSTANT, "2024-01-01 10:00:00.123456-08"));
        assertEquals("1899-12-31T18:06:32Z", SqlValues.canonical(Kind.INSTANT, "1900-01-01 00:00:00+05:53:28")); // a local mean time offset
        assertEquals("2024-01-01T10:00:00.100Z", SqlValues.canonical(Kind.INSTANT, "2024-01-01T10:00:00.1Z"));
        assertEquals("2024-06-01T12:00:00.123456Z", SqlValues.canonical(Kind.INSTANT, "2024-06-01 12:00:00.123456")); // a UTC session's text
    }

    @Test
    void otherKinds() {
        assertEquals("2024-01-01T10:00:00.000500", SqlValues.canonical(Kind.LOCAL_TIMESTAMP, "2024-01-01 10:00:00.000500"));
        assertEquals("838:59:59", SqlValues.canonical(Kind.TIME, "838:59:59.000"));
        assertEquals("-12:34:56.789", SqlValues.canonical(Kind.TIME, "-12:34:56.789"));
        assertEquals("true", SqlValues.canonical(Kind.BOOLEAN, "t"));
        assertEquals("\\xdeadbeef", SqlValues.canonical(Kind.BINARY, "\\xDEADBEEF"));
        assertEquals("18446744073709551615", SqlValues.canonical(Kind.INTEGER, "18446744073709551615"));
        assertEquals("-123.4500", SqlValues.canonical(Kind.DECIMAL, "-123.4500"));
        assertEquals("3.4E38", SqlValues.canonical(Kind.FLOAT, "3.4e+38"));
        var e = assertThrows(IllegalArgumentException.class, () -> SqlValues.canonical(Kind.DATE, "0000-00-00"));
        assertEquals("'0000-00-00' is not a date value this tool reads", e.getMessage());
    }

    @Test
    void isoTextsHaveFixedFractionDigitsAndSortAsTime() {
        List<String> times = List.of("2024-01-01T10:00:00Z", "2024-01-01T10:00:00.5Z", "2024-01-01T10:00:00.05Z", "2024-01-01T10:00:01Z");
        List<String> iso = new ArrayList<>();
        for (String t : times) iso.add(SqlValues.iso(Kind.INSTANT, t, 6));
        assertEquals(List.of("2024-01-01T10:00:00.000000Z", "2024-01-01T10:00:00.500000Z", "2024-01-01T10:00:00.050000Z", "2024-01-01T10:00:01.000000Z"), iso);
        List<String> sorted = new ArrayList<>(iso);
        java.util.Collections.sort(sorted);
        assertEquals(List.of(iso.get(0), iso.get(2), iso.get(1), iso.get(3)), sorted);
        assertEquals("2024-01-01T10:00:00Z", SqlValues.iso(Kind.LOCAL_TIMESTAMP, "2024-01-01T10:00", 0));
        assertEquals("10:00:00.500", SqlValues.iso(Kind.TIME, "10:00:00.5", 3));
    }
}
