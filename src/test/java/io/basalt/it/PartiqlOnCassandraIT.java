package io.basalt.it;

/** {@link PartiqlIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlOnCassandraIT extends PartiqlIT {}
