package io.basalt.it;

/** {@link BackupsLiveIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class BackupsLiveOnCassandraIT extends BackupsLiveIT {}
