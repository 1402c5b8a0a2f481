package io.basalt.it;

/** {@link ParenthesesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ParenthesesOnCassandraIT extends ParenthesesIT {}
