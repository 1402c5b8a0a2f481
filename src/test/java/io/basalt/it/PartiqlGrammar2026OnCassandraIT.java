package io.basalt.it;

/** {@link PartiqlGrammar2026IT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlGrammar2026OnCassandraIT extends PartiqlGrammar2026IT {}
