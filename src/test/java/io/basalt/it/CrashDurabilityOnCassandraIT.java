package io.basalt.it;

/** {@link CrashDurabilityIT} on the Cassandra engine (BASALT_CASSANDRA=all): the restart is another process on the same keyspace. */
@OnCassandra(extended = true)
class CrashDurabilityOnCassandraIT extends CrashDurabilityIT {}
