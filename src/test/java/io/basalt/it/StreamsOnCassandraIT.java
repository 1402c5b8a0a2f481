package io.basalt.it;

/** {@link StreamsIT} on the Cassandra engine (BASALT_CASSANDRA=all): its stream reads wait for the change log. */
@OnCassandra(extended = true)
class StreamsOnCassandraIT extends StreamsIT {}
