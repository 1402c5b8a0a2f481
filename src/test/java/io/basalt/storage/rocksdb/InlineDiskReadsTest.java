package io.basalt.storage.rocksdb;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Network threads read table files while those reads are fast, and stop when they are not. */
class InlineDiskReadsTest {
    private static final long FAST = 20_000, SLOW = InlineDiskReads.SLOW_NANOS + 1;

    private InlineDiskReads gate;

    @BeforeEach
    void fresh() {
        gate = new InlineDiskReads(true);
    }

    @Test
    void aFewDescheduledReadsDoNotStopFastOnes() {
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 64; i++) {
                assertTrue(gate.allowed());
                gate.took(i % 32 == 0 ? SLOW : FAST); // 2 slow reads per 64
            }
        }
        assertFalse(gate.stopped());
    }

    @Test
    void slowReadsStopThemAndTheyStayStoppedForThePause() {
        for (int i = 0; i < 3; i++) {
            assertTrue(gate.allowed());
            gate.took(SLOW);
        }
        assertTrue(gate.allowed(), "three slow reads are not yet the device");
        gate.took(SLOW);
        assertTrue(gate.stopped());
        for (int i = 0; i < 1000; i++) assertFalse(gate.allowed());
    }

    @Test
    void offMeansMemoryOnly() {
        gate.enabled(false);
        assertFalse(gate.allowed());
    }
}
