package io.basalt.it;

/** {@link DeepNestingIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class DeepNestingOnCassandraIT extends DeepNestingIT {}
