package io.basalt.it;

/** {@link GamingExampleIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class GamingExampleOnCassandraIT extends GamingExampleIT {}
