package io.basalt.it;

/** {@link IndexesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class IndexesOnCassandraIT extends IndexesIT {}
