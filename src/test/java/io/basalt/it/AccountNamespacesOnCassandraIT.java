package io.basalt.it;

/** {@link AccountNamespacesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class AccountNamespacesOnCassandraIT extends AccountNamespacesIT {}
