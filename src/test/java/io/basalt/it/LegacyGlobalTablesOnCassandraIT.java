package io.basalt.it;

/** {@link LegacyGlobalTablesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class LegacyGlobalTablesOnCassandraIT extends LegacyGlobalTablesIT {}
