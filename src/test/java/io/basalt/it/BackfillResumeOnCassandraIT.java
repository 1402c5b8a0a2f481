package io.basalt.it;

/** {@link BackfillResumeIT} on the Cassandra engine (BASALT_CASSANDRA=all): the restart is another process on the keyspace. */
@OnCassandra(extended = true)
class BackfillResumeOnCassandraIT extends BackfillResumeIT {}
