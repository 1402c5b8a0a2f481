package io.basalt.it;

/** {@link KinesisDestinationsIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class KinesisDestinationsOnCassandraIT extends KinesisDestinationsIT {}
