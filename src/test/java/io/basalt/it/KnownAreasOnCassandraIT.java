package io.basalt.it;

/** {@link KnownAreasIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class KnownAreasOnCassandraIT extends KnownAreasIT {}
