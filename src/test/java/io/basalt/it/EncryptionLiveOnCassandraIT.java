package io.basalt.it;

/** {@link EncryptionLiveIT} on the Cassandra engine (BASALT_CASSANDRA=all). */
@OnCassandra(extended = true)
class EncryptionLiveOnCassandraIT extends EncryptionLiveIT {}
