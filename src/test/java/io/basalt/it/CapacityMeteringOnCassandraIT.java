package io.basalt.it;

/** {@link CapacityMeteringIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class CapacityMeteringOnCassandraIT extends CapacityMeteringIT {}
