package io.basalt.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {
    @Test
    void cellsTakeTheirThreadsOrTheDefault() throws Exception {
        BenchOptions o = BenchOptions.parse(new String[] {"--endpoint", "http://x:1", "--workloads", "get,put@8", "--threads", "32"});
        assertEquals(List.of(new CellSpec(Workload.GET, 32), new CellSpec(Workload.PUT, 8)), o.cells);
        assertEquals(64, o.maxConnections, "at least 64 connections");
    }

    @Test
    void compareHasTheFullGridAndTwoHundredByteBatches() throws Exception {
        BenchOptions o = BenchOptions.parse(new String[] {"--compare", "--duration", "10s", "--items", "20k"});
        assertEquals("compare", o.mode);
        assertEquals(10, o.durationSeconds);
        assertEquals(20_000, o.items);
        assertEquals(200, o.batchItemSize);
        assertTrue(o.cells.contains(new CellSpec(Workload.GET, 16)));
        assertEquals(80, o.maxConnections);
    }

    @Test
    void badInputIsAUsageError() {
        assertThrows(BenchOptions.UsageError.class, () -> BenchOptions.parse(new String[] {"--endpoint", "u", "--workloads", "fly"}));
        assertThrows(BenchOptions.UsageError.class, () -> BenchOptions.parse(new String[] {"--workloads", "get"}));
        assertThrows(BenchOptions.UsageError.class, () -> BenchOptions.parse(new String[] {"--compare", "--targets", "x"}));
    }

    @Test
    void procProbeReadsThisProcess() {
        ProcessProbe p = ProcessProbe.self();
        assertTrue(p.cpuMicros() > 0);
        assertTrue(p.rssKb() > 1000);
    }
}
