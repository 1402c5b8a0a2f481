package io.basalt.it;

/** {@link CapacityLimitsLiveIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class CapacityLimitsLiveOnCassandraIT extends CapacityLimitsLiveIT {}
