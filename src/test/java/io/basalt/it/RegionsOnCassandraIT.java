package io.basalt.it;

/** {@link RegionsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class RegionsOnCassandraIT extends RegionsIT {}
