package io.basalt.it;

/** {@link TtlIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class TtlOnCassandraIT extends TtlIT {}
