package io.basalt.it;

/** {@link ValueLayers2026IT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ValueLayers2026OnCassandraIT extends ValueLayers2026IT {}
