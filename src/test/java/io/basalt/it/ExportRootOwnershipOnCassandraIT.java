package io.basalt.it;

/** {@link ExportRootOwnershipIT} on the Cassandra engine: buckets of the export root owned by accounts, s3:* from identity policies. */
@OnCassandra
class ExportRootOwnershipOnCassandraIT extends ExportRootOwnershipIT {}
