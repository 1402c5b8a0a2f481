package io.basalt.it;

/** {@link PartiqlSelectPathsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlSelectPathsOnCassandraIT extends PartiqlSelectPathsIT {}
