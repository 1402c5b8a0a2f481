package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The Host check of loopback ports (DNS rebinding) and the origins of --cors. */
class BrowserGuardsTest {
    @Test
    void loopbackPortsAnswerOnlyTheirOwnNames() {
        BrowserGuards g = BrowserGuards.of("127.0.0.1", List.of("Dev.Internal"), "*");
        for (String ok : new String[] {"localhost", "localhost:8000", "127.0.0.1", "127.0.0.2:1", "[::1]", "[::1]:8000",
                "dev.internal", "DEV.internal:1", null}) {
            assertTrue(g.hostAllowed(ok), String.valueOf(ok));
        }
        for (String bad : new String[] {"evil.example", "127.0.0.1.nip.io", "localhost.evil.example:8000", "[::2]", "", "dev.internal.evil"}) {
            assertFalse(g.hostAllowed(bad), bad);
        }
    }

    @Test
    void networkPortsDoNotCheckTheHost() {
        assertTrue(BrowserGuards.of("0.0.0.0", List.of(), "*").hostAllowed("anything.example"));
        assertTrue(BrowserGuards.of("::", List.of(), "*").hostAllowed("anything.example"));
        assertTrue(BrowserGuards.of("localhost", List.of(), "*").hostAllowed("localhost"));
        assertFalse(BrowserGuards.of("localhost", List.of(), "*").hostAllowed("evil.example"));
    }

    @Test
    void originsAreAnyNoneOrAList() {
        BrowserGuards any = BrowserGuards.of("127.0.0.1", List.of(), "*");
        assertTrue(any.originAllowed("https://evil.example", "127.0.0.1:8000"));
        assertEquals("*", any.allowOriginValue("https://evil.example"));
        assertFalse(any.variesByOrigin());
        BrowserGuards none = BrowserGuards.of("127.0.0.1", List.of(), "none");
        assertFalse(none.originAllowed("http://localhost:3000", "127.0.0.1:8000"));
        assertTrue(none.originAllowed("http://127.0.0.1:8000", "127.0.0.1:8000"), "its own pages");
        assertTrue(none.originAllowed(null, "127.0.0.1:8000"), "not a browser's script");
        BrowserGuards list = BrowserGuards.of("127.0.0.1", List.of(), "http://localhost:3000, HTTPS://App.Example");
        assertTrue(list.originAllowed("https://app.example", "127.0.0.1:8000"));
        assertTrue(list.originAllowed("http://localhost:3000", "127.0.0.1:8000"));
        assertFalse(list.originAllowed("http://localhost:3001", "127.0.0.1:8000"));
        assertEquals("https://app.example", list.allowOriginValue("https://app.example"));
        assertTrue(list.variesByOrigin());
    }
}
