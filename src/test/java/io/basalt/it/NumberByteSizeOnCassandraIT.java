package io.basalt.it;

/** {@link NumberByteSizeIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class NumberByteSizeOnCassandraIT extends NumberByteSizeIT {}
