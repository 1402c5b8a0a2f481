package io.basalt.it;

/** {@link MultiAttributeKeysIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class MultiAttributeKeysOnCassandraIT extends MultiAttributeKeysIT {}
