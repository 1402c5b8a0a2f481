package io.basalt.it;

/** {@link PartiqlEquivalenceIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlEquivalenceOnCassandraIT extends PartiqlEquivalenceIT {}
