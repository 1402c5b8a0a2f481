package io.basalt.it;

/** {@link PartiqlRefusals2026IT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class PartiqlRefusals2026OnCassandraIT extends PartiqlRefusals2026IT {}
