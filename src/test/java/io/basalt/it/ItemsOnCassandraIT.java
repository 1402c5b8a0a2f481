package io.basalt.it;

/** {@link ItemsIT} on the Cassandra engine. */
@OnCassandra
class ItemsOnCassandraIT extends ItemsIT {}
