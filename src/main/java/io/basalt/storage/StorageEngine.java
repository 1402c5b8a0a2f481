package io.basalt.storage;

/**
 * The storage SPI: ordered key spaces of versioned values, with atomic compare-and-set batches.
 * Engines know bytes, versions and atomic batches, nothing about DynamoDB semantics.
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #commit} applies all mutations or none. Each mutation's expected version is checked
 *       against the current state; on any mismatch nothing is applied and
 *       {@link VersionConflictException} is thrown. Checks and apply are atomic with respect to
 *       other commits touching the same keys.</li>
 *   <li>Every key written by one commit receives the same new version, greater than the version
 *       each checked key held. Versions are per key: callers compare them only for equality, never
 *       across keys. (RocksDB and memory hand out store-wide increasing versions; Cassandra a hybrid
 *       logical clock per node, with no cluster-wide counter.)</li>
 *   <li>When a durable engine returns from commit, the batch survives a process crash (WAL synced;
 *       concurrent committers share syncs).</li>
 *   <li>Reads are never blocked by writes and see only whole batches, except on an engine that
 *       {@link #appliesAfterCommit()}: there the unchecked mutations ({@link Mutation#EXPECT_ANY})
 *       outside the batch's checked partitions become visible later (never lost, never applied
 *       twice, in commit order per key; index entries and stream records, which readers expect
 *       eventually). Checked mutations are visible when commit returns, whatever their partitions.</li>
 * </ul>
 */
public interface StorageEngine extends AutoCloseable {

    /** The current value of a key, or null when absent. */
    Versioned get(Space space, byte[] key);

    /**
     * Entries with {@code from <= key < to} (either bound may be null for unbounded), ascending, or
     * descending when {@code reverse}.
     */
    StorageCursor scan(Space space, byte[] from, byte[] to, boolean reverse);

    /**
     * A guess of a key's current value for a read-modify-write that commits with the guessed
     * version expected (what this node last wrote or read of it), or null when the engine has none
     * (the default: read it). A guess may be stale, which costs the caller a refused commit (then it
     * reads); a decision made without a commit (a condition failing, nothing to change) must not
     * rest on a guess: read with {@link #get} before answering it.
     */
    default Guess guess(Space space, byte[] key) {
        return null;
    }

    /** A guessed state: {@code current} as {@link #get} would return it (null: absent). */
    record Guess(Versioned current) {}

    /**
     * Whether a commit costs one round trip per partition it checks and one checking several
     * partitions a transaction protocol (Cassandra): writes that need no atomicity across items
     * (BatchWriteItem) are then committed partition by partition, concurrently. Engines whose
     * batches are atomic and cheap anyway (one log sync) say no (the default).
     */
    default boolean partitionedCommits() {
        return false;
    }

    /**
     * Applies the batch atomically if every expected version matches.
     *
     * @return the version given to every key the batch wrote
     */
    long commit(WriteBatch batch) throws VersionConflictException;

    /**
     * Locks one key against other commits until the returned handle is closed, so a read made
     * after it is current until the commit made with {@link #commit(WriteBatch, HeldKey)}. Engines
     * whose version checks are cheap need not lock (the default).
     */
    default HeldKey lockForWrite(Space space, byte[] key) {
        return HeldKey.NONE;
    }

    /**
     * {@link #commit(WriteBatch)} by the holder of {@code held}: the held key's version was read
     * under the lock, so it need not be checked again.
     */
    default long commit(WriteBatch batch, HeldKey held) throws VersionConflictException {
        return commit(batch);
    }

    /**
     * A consistent read view of the store as it is now (backups). Scans through it may run while
     * commits go on; they see none of them. Only called on an engine that {@link #snapshots()}.
     */
    StorageSnapshot snapshot();

    /**
     * Whether the engine gives {@link #snapshot()}s (the embedded stores do). An engine without
     * them (Cassandra) must instead commit {@link Space#HISTORY} entries atomically with the item
     * they name (see there) and be readable through plain scans: the engine layer then makes
     * backups from the item history (a picture of one time taken from the entries, not from a
     * frozen view), at the cost of recording each change of the table twice while it is copied.
     */
    default boolean snapshots() {
        return true;
    }

    /** Deletes every key in [from, to) without version checks (dropping a table's data). */
    void deleteRange(Space space, byte[] from, byte[] to);

    /**
     * Whether {@link #commit} may return before the unchecked mutations of other partitions than
     * the checked ones can be read (Cassandra: they are applied from a durable change log written
     * atomically with that partition). Such an engine runs {@link WriteBatch#applied()} itself once
     * they can; on the others the caller runs it after the commit.
     */
    default boolean appliesAfterCommit() {
        return false;
    }

    /**
     * Whether several Basalt nodes may use this store at once (Cassandra): then what the engine
     * layer caches of shared state (the catalog, stream sequence numbers) may be changed by another
     * node, and must be re-read or made unique per node.
     */
    default boolean sharedByNodes() {
        return false;
    }

    /**
     * Tells the engine that the entries of local secondary index {@code indexId} (keys of
     * {@link Space#INDEXES} starting with the index id, then the partition hash) belong to the item
     * collections of table {@code tableId} (keys of {@link Space#ITEMS} with the same hash). An engine
     * that commits and reads across keys atomically anyway ignores it (the default); one that is
     * atomic and linearizable only within a partition (Cassandra) stores them with the items. Called
     * before any entry of the index is written or read, on every node.
     */
    default void colocate(long indexId, long tableId) {}

    /** Whether acknowledged commits survive a crash. */
    boolean durable();

    /** Short name for logs and DescribeEndpoints-style diagnostics, e.g. "rocksdb". */
    String name();

    @Override
    void close();
}
