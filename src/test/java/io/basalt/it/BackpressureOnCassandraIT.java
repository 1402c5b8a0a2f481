package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.datastax.oss.driver.api.core.CqlSession;
import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import io.basalt.storage.cassandra.CassandraSettings;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Cassandra unable to serve a quorum (docs/scale-out.md, "Backpressure"): the keyspace is switched
 * to 2 replicas on a 1-node cluster, so every quorum read or write is refused as unavailable.
 * Strongly consistent reads and writes then get the service's 503 ServiceUnavailable (retryable);
 * eventually consistent reads go on at LOCAL_ONE.
 */
@OnCassandra
class BackpressureOnCassandraIT {

    @Test
    @Covers(operation = "GetItem", parameters = {"ConsistentRead"})
    void unavailableQuorumIsServiceUnavailableAndEventualReadsGoOn() {
        CassandraSettings settings = CassandraForTests.settings(BackpressureOnCassandraIT.class);
        try (Basalt node = Basalt.start(BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings)
                        .withClock(new ManualClock()));
             DynamoDbClient ddb = ServerTestBase.client(node.endpoint());
             CqlSession cql = CqlSession.builder().addContactPoints(settings.contactPoints())
                     .withLocalDatacenter(settings.localDc()).build()) {
            ddb.createTable(b -> b.tableName("backpressure").billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S)));
            ddb.putItem(b -> b.tableName("backpressure").item(item("pk", "a", "v", n("1"))));
            cql.execute("ALTER KEYSPACE " + settings.keyspace()
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
            try {
                DynamoDbException read = assertThrows(DynamoDbException.class,
                        () -> ddb.getItem(b -> b.tableName("backpressure").key(item("pk", "a")).consistentRead(true)));
                assertEquals(503, read.statusCode());
                assertEquals("ServiceUnavailableException", read.awsErrorDetails().errorCode());
                assertEquals("The service is currently unavailable or busy.", read.awsErrorDetails().errorMessage());
                // an item this node has not seen: its write reads it first (at quorum). A write of "a" would
                // start from the node's guess and send only its LWT, which this set-up (SimpleStrategy,
                // replication 2 on one node) lets Paxos accept: Cassandra's call, not a quorum read's
                DynamoDbException write = assertThrows(DynamoDbException.class,
                        () -> ddb.putItem(b -> b.tableName("backpressure").item(item("pk", "b", "v", n("2")))));
                assertEquals(503, write.statusCode());
                // one replica is enough for an eventually consistent read
                assertEquals("1", ddb.getItem(b -> b.tableName("backpressure").key(item("pk", "a"))).item().get("v").n());
                assertEquals(1, ddb.query(b -> b.tableName("backpressure").keyConditionExpression("pk = :p")
                        .expressionAttributeValues(java.util.Map.of(":p", Sdk.s("a")))).count());
            } finally {
                cql.execute("ALTER KEYSPACE " + settings.keyspace()
                        + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            }
            ddb.putItem(b -> b.tableName("backpressure").item(item("pk", "a", "v", n("3"))));
            assertEquals("3", ddb.getItem(b -> b.tableName("backpressure").key(item("pk", "a")).consistentRead(true)).item().get("v").n());
        }
    }
}
