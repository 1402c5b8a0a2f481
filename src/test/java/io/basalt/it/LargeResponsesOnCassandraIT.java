package io.basalt.it;

/** {@link LargeResponsesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class LargeResponsesOnCassandraIT extends LargeResponsesIT {}
