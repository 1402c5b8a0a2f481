package io.basalt.it;

/** {@link AuthorizationIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class AuthorizationOnCassandraIT extends AuthorizationIT {}
