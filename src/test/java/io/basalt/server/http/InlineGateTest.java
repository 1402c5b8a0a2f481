package io.basalt.server.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The gate that decides whether the network threads try an operation themselves. */
class InlineGateTest {
    @Test
    void staysOpenWhileTwoInThreeAttemptsAreAnswered() {
        InlineGate g = new InlineGate();
        for (int i = 0; i < 3_000; i++) {
            assertTrue(g.shouldTry());
            if (i % 3 == 2) g.neededWorker();
            else g.answered();
        }
        assertTrue(g.open());
    }

    @Test
    void closesWhenMostAttemptsNeedTheDiskThenSamplesOneIn16AndReopens() {
        InlineGate g = new InlineGate();
        while (g.open()) g.neededWorker();
        int tried = 0;
        for (int i = 0; i < 1_600; i++) if (g.shouldTry()) tried++;
        assertEquals(100, tried, "one request in 16 keeps probing");
        // the cache warmed up: sampled attempts are answered and the gate opens again
        int answered = 0;
        while (!g.open()) {
            if (g.shouldTry()) {
                g.answered();
                answered++;
            }
        }
        assertTrue(answered <= 32, "reopens after at most 32 answered samples: " + answered);
        assertTrue(g.shouldTry(), "open again: every request is tried");
    }
}
