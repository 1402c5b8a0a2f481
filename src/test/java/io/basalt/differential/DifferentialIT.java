package io.basalt.differential;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.engine.ManualClock;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The fixed-seed differential run of the suite: the first {@link #REQUESTS} requests of seed
 * {@link #SEED} against an in-memory Basalt, compared with the answers recorded from DynamoDB Local
 * with the known differences applied (src/test/resources/differential/recorded-seed-1.jsonl; how to
 * record them again: docs/differential.md). Any difference no known entry covers fails the test;
 * the report is in target/differential-suite/.
 */
class DifferentialIT {
    static final long SEED = 1;
    static final int REQUESTS = 1000;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void basaltAnswersAsRecorded() throws Exception {
        try (Basalt basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort().withClock(new ManualClock()));
             WireClient client = new WireClient(basalt.endpoint());
             InputStream recorded = DifferentialIT.class.getResourceAsStream("/differential/recorded-seed-" + SEED + ".jsonl");
             DifferenceReport report = new DifferenceReport(Path.of("target/differential-suite"))) {
            assertNotNull(recorded, "differential/recorded-seed-" + SEED + ".jsonl is missing");
            report.describe("seed " + SEED + ", Basalt against the recorded answers");
            DifferentialRun run = new DifferentialRun(client, Reference.recorded(recorded), KnownDifferences.fromResource(), report);
            DifferentialRun.Outcome o = run.run(new RequestGenerator(SEED), System.nanoTime() + TimeUnit.SECONDS.toNanos(100), REQUESTS);
            report.finish(o);
            assertEquals(REQUESTS, o.requests(), "the run did not finish in time");
            assertEquals(0, o.unknown(), () -> "unknown differences (target/differential-suite/summary.md): " + report.unknownGroups());
        }
    }
}
