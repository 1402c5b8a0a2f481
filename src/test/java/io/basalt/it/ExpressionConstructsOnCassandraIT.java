package io.basalt.it;

/** {@link ExpressionConstructsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ExpressionConstructsOnCassandraIT extends ExpressionConstructsIT {}
