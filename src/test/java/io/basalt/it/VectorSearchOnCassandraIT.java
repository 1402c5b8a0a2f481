package io.basalt.it;

/** {@link VectorSearchIT} on the Cassandra engine: vector index definitions in the shared catalog, search over the table's items there. */
@OnCassandra
class VectorSearchOnCassandraIT extends VectorSearchIT {}
