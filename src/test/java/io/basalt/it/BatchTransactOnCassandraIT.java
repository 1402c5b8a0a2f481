package io.basalt.it;

/** {@link BatchTransactIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class BatchTransactOnCassandraIT extends BatchTransactIT {}
