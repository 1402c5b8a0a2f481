package io.basalt.it;

/** {@link UpdateItemStatementSizeIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class UpdateItemStatementSizeOnCassandraIT extends UpdateItemStatementSizeIT {}
