package io.basalt.migrate.replicate;

import java.util.List;

/**
 * A committed source transaction: its row changes in order, its commit time (epoch milliseconds,
 * the source's clock) and the stream position just after it, which is saved once it is applied.
 */
public record SourceTransaction(List<RowChange> changes, long commitMillis, String position) {}
