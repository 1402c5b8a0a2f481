package io.basalt.it;

/** {@link ValidationFrontEnd2026IT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ValidationFrontEnd2026OnCassandraIT extends ValidationFrontEnd2026IT {}
