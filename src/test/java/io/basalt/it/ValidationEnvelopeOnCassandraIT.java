package io.basalt.it;

/** {@link ValidationEnvelopeIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ValidationEnvelopeOnCassandraIT extends ValidationEnvelopeIT {}
