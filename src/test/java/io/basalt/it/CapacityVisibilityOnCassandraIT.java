package io.basalt.it;

/** {@link CapacityVisibilityIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class CapacityVisibilityOnCassandraIT extends CapacityVisibilityIT {}
