package io.basalt.it;

/** {@link LifecycleIT} on the Cassandra engine (BASALT_CASSANDRA=all): closing a node while clients write, a closed Cassandra store. */
@OnCassandra(extended = true)
class LifecycleOnCassandraIT extends LifecycleIT {}
