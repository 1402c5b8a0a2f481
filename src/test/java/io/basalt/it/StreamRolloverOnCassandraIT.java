package io.basalt.it;

/** {@link StreamRolloverIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class StreamRolloverOnCassandraIT extends StreamRolloverIT {}
