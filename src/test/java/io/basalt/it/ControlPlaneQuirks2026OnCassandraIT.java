package io.basalt.it;

/** {@link ControlPlaneQuirks2026IT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class ControlPlaneQuirks2026OnCassandraIT extends ControlPlaneQuirks2026IT {}
