package io.basalt.it;

/** {@link ReplicasIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ReplicasOnCassandraIT extends ReplicasIT {}
