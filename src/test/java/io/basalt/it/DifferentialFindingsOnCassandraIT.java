package io.basalt.it;

/** {@link DifferentialFindingsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class DifferentialFindingsOnCassandraIT extends DifferentialFindingsIT {}
