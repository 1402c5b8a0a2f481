package io.basalt.it;

/** {@link StreamsAfterDeleteIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class StreamsAfterDeleteOnCassandraIT extends StreamsAfterDeleteIT {}
