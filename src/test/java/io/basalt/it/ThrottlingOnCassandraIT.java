package io.basalt.it;

/**
 * {@link ThrottlingIT} on the Cassandra engine (BASALT_CASSANDRA=all): the buckets lease their
 * slices from the table's shared budget in the keyspace, on the server's manual clock.
 */
@OnCassandra(extended = true)
class ThrottlingOnCassandraIT extends ThrottlingIT {}
