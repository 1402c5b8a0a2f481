package io.basalt.it;

/** {@link ControlPlaneLiveIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ControlPlaneLiveOnCassandraIT extends ControlPlaneLiveIT {}
