package io.basalt.it;

/** {@link PartiqlFromFirstUpdateIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlFromFirstUpdateOnCassandraIT extends PartiqlFromFirstUpdateIT {}
