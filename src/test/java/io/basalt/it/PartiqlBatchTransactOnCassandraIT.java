package io.basalt.it;

/** {@link PartiqlBatchTransactIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlBatchTransactOnCassandraIT extends PartiqlBatchTransactIT {}
