package io.basalt.migrate.replicate;

/**
 * A source's committed transactions in commit order, from a saved position on: PostgreSQL logical
 * replication ({@link PgLogicalSource}) or the MariaDB/MySQL binlog ({@link BinlogSource}).
 */
public interface ChangeSource extends AutoCloseable {
    /** The next committed transaction, or null when none arrived within {@code waitMillis}. */
    SourceTransaction next(long waitMillis) throws Exception;

    /** Every transaction up to {@code position} is applied to the target: the source may forget it. */
    void applied(String position) throws Exception;

    /**
     * Waits (a bounded time) until the transactions, received from the log, are visible to new reads on
     * {@code reader}: both PostgreSQL and MariaDB/MySQL can send a commit a moment before it is.
     */
    default void awaitVisible(java.util.List<SourceTransaction> transactions, java.sql.Connection reader) throws Exception {}

    /** Every transaction received so far is applied and none waits: the source may forget up to where it is. */
    default void caughtUp() throws Exception {}

    /** The position streaming started from (a saved one, else the current end of the source's log). */
    String startPosition();
}
