package io.basalt.it;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * {@link PointInTimeRecoveryIT} on the Cassandra engine: the history entries are rows of their
 * item's partition, written in the item's conditional batch (docs/scale-out.md). About 2.5 minutes:
 * BASALT_CASSANDRA=all (the default run has PITR through BackupsAcrossNodesOnCassandraIT).
 */
@OnCassandra(extended = true)
class PointInTimeRecoveryOnCassandraIT extends PointInTimeRecoveryIT {
    @Override
    @Test
    @Disabled("a store on disk restarted: the embedded engine's case; the keyspace outlives every node anyway")
    void theHistorySurvivesARestartOnDiskAndGoesWithItsTable() {}
}
