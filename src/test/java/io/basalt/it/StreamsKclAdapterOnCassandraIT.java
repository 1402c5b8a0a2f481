package io.basalt.it;

/** {@link StreamsKclAdapterIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class StreamsKclAdapterOnCassandraIT extends StreamsKclAdapterIT {}
