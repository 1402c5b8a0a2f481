package io.basalt.it;

/** {@link StatusTransitionsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class StatusTransitionsOnCassandraIT extends StatusTransitionsIT {}
