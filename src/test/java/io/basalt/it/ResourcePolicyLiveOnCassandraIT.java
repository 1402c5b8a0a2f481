package io.basalt.it;

/** {@link ResourcePolicyLiveIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ResourcePolicyLiveOnCassandraIT extends ResourcePolicyLiveIT {}
