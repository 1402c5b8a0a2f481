package io.basalt.it;

/** {@link SettledDifferencesIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class SettledDifferencesOnCassandraIT extends SettledDifferencesIT {}
