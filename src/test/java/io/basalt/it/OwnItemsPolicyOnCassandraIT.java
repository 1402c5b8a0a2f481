package io.basalt.it;

/** {@link OwnItemsPolicyIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class OwnItemsPolicyOnCassandraIT extends OwnItemsPolicyIT {}
