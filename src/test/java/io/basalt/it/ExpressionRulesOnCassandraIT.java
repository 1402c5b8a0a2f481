package io.basalt.it;

/** {@link ExpressionRulesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ExpressionRulesOnCassandraIT extends ExpressionRulesIT {}
