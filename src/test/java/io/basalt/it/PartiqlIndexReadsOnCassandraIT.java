package io.basalt.it;

/** {@link PartiqlIndexReadsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlIndexReadsOnCassandraIT extends PartiqlIndexReadsIT {}
