package io.basalt.it;

/** {@link S3TransfersIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class S3TransfersOnCassandraIT extends S3TransfersIT {}
