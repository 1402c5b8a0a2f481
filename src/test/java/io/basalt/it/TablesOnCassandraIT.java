package io.basalt.it;

/** {@link TablesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class TablesOnCassandraIT extends TablesIT {}
