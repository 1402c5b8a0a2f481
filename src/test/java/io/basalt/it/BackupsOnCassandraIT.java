package io.basalt.it;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * {@link BackupsIT} on the Cassandra engine: backups made from the item history kept in each item's
 * partition, their data in the keyspace (docs/scale-out.md, "Backups and point-in-time recovery").
 */
@OnCassandra
class BackupsOnCassandraIT extends BackupsIT {
    /**
     * Item counts on a shared store are recounted and published by one node (TableCounts, every 5
     * minutes by default); a restored table's count shows once a recount has seen its items.
     */
    @BeforeAll
    static void recountOften() {
        server.engine().counts().refreshMillis(1000);
    }

    @Override
    @Test
    @Disabled("a store on disk restarted: the embedded engine's case; the keyspace outlives every node anyway")
    void aBackupSurvivesARestartOnDisk() {}
}
