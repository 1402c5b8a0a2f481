package io.basalt.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.cli.TransferBenchmark;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Opt-in (BASALT_TRANSFER_1M=1): 1,000,000 items exported to a directory and imported back into a
 * new table, compared by a checksum over the sorted items (TransferBenchmark, which also gives the
 * figures of docs/benchmarks.md).
 */
class TransferMillionIT {
    @Test
    void aMillionItemsExportAndImportBackIdentically() throws Exception {
        Assumptions.assumeTrue("1".equals(System.getenv("BASALT_TRANSFER_1M")), "set BASALT_TRANSFER_1M=1 to run");
        TransferBenchmark.Result r = TransferBenchmark.run(1_000_000);
        System.out.print(r.markdown());
        assertEquals(1_000_000L, r.sourceCount());
        assertEquals(r.sourceCount(), r.importedCount());
        assertEquals(r.sourceChecksum(), r.importedChecksum());
    }
}
