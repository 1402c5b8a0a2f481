package io.basalt.it;

/** {@link ServiceMessagesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ServiceMessagesOnCassandraIT extends ServiceMessagesIT {}
