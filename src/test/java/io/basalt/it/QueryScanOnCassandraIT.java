package io.basalt.it;

/** {@link QueryScanIT} on the Cassandra engine. */
@OnCassandra
class QueryScanOnCassandraIT extends QueryScanIT {}
