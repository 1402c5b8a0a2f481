package io.basalt.it;

/** {@link TableActivityIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class TableActivityOnCassandraIT extends TableActivityIT {}
