package io.basalt.it;

/** {@link AuthorizationBoundsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class AuthorizationBoundsOnCassandraIT extends AuthorizationBoundsIT {}
