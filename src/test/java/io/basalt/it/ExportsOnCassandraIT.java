package io.basalt.it;

/** {@link ExportsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ExportsOnCassandraIT extends ExportsIT {}
