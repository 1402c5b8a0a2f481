package io.basalt.it;

/** {@link ReplicationRecoveryIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ReplicationRecoveryOnCassandraIT extends ReplicationRecoveryIT {}
