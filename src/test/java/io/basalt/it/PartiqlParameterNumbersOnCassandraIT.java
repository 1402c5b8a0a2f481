package io.basalt.it;

/** {@link PartiqlParameterNumbersIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlParameterNumbersOnCassandraIT extends PartiqlParameterNumbersIT {}
