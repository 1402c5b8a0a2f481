package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The Date header: IMF-fixdate with a two-digit day, as HTTP requires. */
class HttpDateTest {
    @Test
    void formatsImfFixdate() {
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", HttpDate.at(784111777_000L));
        assertEquals("Sun, 06 Nov 1994 08:49:37 GMT", HttpDate.at(784111777_999L), "same second, same text");
        assertEquals("Mon, 23 Nov 2026 00:00:00 GMT", HttpDate.at(1795392000_000L));
    }
}
