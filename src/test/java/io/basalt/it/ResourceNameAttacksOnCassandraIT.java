package io.basalt.it;

/** {@link ResourceNameAttacksIT} on the Cassandra engine: the iterator secret lives in the keyspace, shared by every node. */
@OnCassandra
class ResourceNameAttacksOnCassandraIT extends ResourceNameAttacksIT {}
