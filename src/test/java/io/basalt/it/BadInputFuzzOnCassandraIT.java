package io.basalt.it;

/** {@link BadInputFuzzIT} on the Cassandra engine (BASALT_CASSANDRA=all): bad input reaching the engine never gives a 500 there either. */
@OnCassandra(extended = true)
class BadInputFuzzOnCassandraIT extends BadInputFuzzIT {}
