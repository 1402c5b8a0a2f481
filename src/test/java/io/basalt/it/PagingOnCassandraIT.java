package io.basalt.it;

/** {@link PagingIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PagingOnCassandraIT extends PagingIT {}
