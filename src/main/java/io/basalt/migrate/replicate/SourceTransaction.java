package io.basalt.migrate.replicate;

import java.util.List;

/**
 * A committed source transaction: its row changes in order, its commit time (epoch milliseconds,
 * the source's clock), the stream position just after it, which is saved once it is applied, and
 * its PostgreSQL transaction id (0 elsewhere).
 */
public record SourceTransaction(List<RowChange> changes, long commitMillis, String position, long xid) {}
