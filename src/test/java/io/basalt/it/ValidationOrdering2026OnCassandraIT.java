package io.basalt.it;

/** {@link ValidationOrdering2026IT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ValidationOrdering2026OnCassandraIT extends ValidationOrdering2026IT {}
