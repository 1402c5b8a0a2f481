package io.basalt.it;

/** {@link VectorIndexRestartIT} on the Cassandra engine: the second node finishes the backfill the first left. */
@OnCassandra
class VectorIndexRestartOnCassandraIT extends VectorIndexRestartIT {}
