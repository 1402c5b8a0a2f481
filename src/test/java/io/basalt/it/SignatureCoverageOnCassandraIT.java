package io.basalt.it;

/** {@link SignatureCoverageIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class SignatureCoverageOnCassandraIT extends SignatureCoverageIT {}
