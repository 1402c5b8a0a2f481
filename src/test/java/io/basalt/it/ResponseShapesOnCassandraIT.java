package io.basalt.it;

/** {@link ResponseShapesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ResponseShapesOnCassandraIT extends ResponseShapesIT {}
