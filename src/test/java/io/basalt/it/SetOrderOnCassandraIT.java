package io.basalt.it;

/** {@link SetOrderIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class SetOrderOnCassandraIT extends SetOrderIT {}
