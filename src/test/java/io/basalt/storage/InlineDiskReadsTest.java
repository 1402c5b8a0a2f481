package io.basalt.storage;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Network threads read table files while those reads are fast, and stop when they are not. */
class InlineDiskReadsTest {
    private static final long FAST = 20_000, SLOW = InlineDiskReads.SLOW_NANOS + 1;

    @BeforeEach
    @AfterEach
    void fresh() {
        InlineDiskReads.reset();
        InlineDiskReads.enabled(true);
    }

    @Test
    void aFewDescheduledReadsDoNotStopFastOnes() {
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 64; i++) {
                assertTrue(InlineDiskReads.allowed());
                InlineDiskReads.took(i % 32 == 0 ? SLOW : FAST); // 2 slow reads per 64
            }
        }
        assertFalse(InlineDiskReads.stopped());
    }

    @Test
    void slowReadsStopThemAndTheyStayStoppedForThePause() {
        for (int i = 0; i < 3; i++) {
            assertTrue(InlineDiskReads.allowed());
            InlineDiskReads.took(SLOW);
        }
        assertTrue(InlineDiskReads.allowed(), "three slow reads are not yet the device");
        InlineDiskReads.took(SLOW);
        assertTrue(InlineDiskReads.stopped());
        for (int i = 0; i < 1000; i++) assertFalse(InlineDiskReads.allowed());
    }

    @Test
    void offMeansMemoryOnly() {
        InlineDiskReads.enabled(false);
        assertFalse(InlineDiskReads.allowed());
    }
}
