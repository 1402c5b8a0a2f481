package io.basalt.it;

/** {@link PartiqlFunctions2026IT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlFunctions2026OnCassandraIT extends PartiqlFunctions2026IT {}
