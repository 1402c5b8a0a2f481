package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.compat.Covers;
import io.basalt.engine.ManualClock;
import io.basalt.storage.cassandra.CassandraSettings;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Read-modify-writes on Cassandra start from what the node last wrote of the item
 * (docs/scale-out.md, "Round budget"). Here another node changes the item in between, so every
 * guess node A makes is stale: its conditions, update expressions and returned old images must
 * still be those of the item as it is, never of the guess.
 */
@OnCassandra
class GuessedWritesOnCassandraIT {
    private static Basalt nodeA, nodeB;
    private static DynamoDbClient a, b;

    @BeforeAll
    static void start() {
        CassandraSettings settings = CassandraForTests.settings(GuessedWritesOnCassandraIT.class);
        BasaltConfig config = BasaltConfig.inMemoryOnFreePort().withInMemory(false).withCassandra(settings);
        nodeA = Basalt.start(config.withClock(new ManualClock()));
        nodeB = Basalt.start(config.withClock(new ManualClock()));
        a = ServerTestBase.client(nodeA.endpoint());
        b = ServerTestBase.client(nodeB.endpoint());
        a.createTable(t -> t.tableName("guessed").billingMode(BillingMode.PAY_PER_REQUEST)
                .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH))
                .attributeDefinitions(d -> d.attributeName("pk").attributeType(ScalarAttributeType.S)));
    }

    @AfterAll
    static void stop() {
        CassandraForTests.closeAll(a, b, nodeA, nodeB);
    }

    @Test
    @Covers(operation = "PutItem", parameters = {"ConditionExpression", "ReturnValues"})
    @Covers(operation = "UpdateItem", parameters = {"UpdateExpression", "ConditionExpression", "ReturnValues"})
    @Covers(operation = "DeleteItem", parameters = {"ConditionExpression", "ReturnValues"})
    void staleGuessesNeverDecideAnAnswer() {
        a.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("1"))));
        b.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("2"))));
        // A still remembers v = 1: the condition holds on the item (2), not on the guess
        a.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("3"))).conditionExpression("v = :two")
                .expressionAttributeValues(Map.of(":two", n("2"))));
        b.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("4"))));
        // A remembers 3, the item holds 4: the condition holds on the guess only, so it fails
        ConditionalCheckFailedException failed = assertThrows(ConditionalCheckFailedException.class,
                () -> a.updateItem(u -> u.tableName("guessed").key(item("pk", "k")).updateExpression("SET v = :five")
                        .conditionExpression("v = :three").expressionAttributeValues(Map.of(":three", n("3"), ":five", n("5")))));
        assertEquals("The conditional request failed", failed.awsErrorDetails().errorMessage());
        assertEquals("4", consistent(a).get("v").n());
        // the update expression adds to the item's value, and the old image is the item's
        b.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("10"))));
        Map<String, AttributeValue> old = a.updateItem(u -> u.tableName("guessed").key(item("pk", "k")).updateExpression("SET v = v + :one")
                .expressionAttributeValues(Map.of(":one", n("1"))).returnValues(ReturnValue.ALL_OLD)).attributes();
        assertEquals("10", old.get("v").n());
        assertEquals("11", consistent(b).get("v").n());
        // deleted through B: A's guess says present, a delete conditioned on existence must fail
        b.deleteItem(d -> d.tableName("guessed").key(item("pk", "k")));
        assertThrows(ConditionalCheckFailedException.class, () -> a.deleteItem(d -> d.tableName("guessed").key(item("pk", "k"))
                .conditionExpression("attribute_exists(pk)")));
        // re-created through B: A's delete returns B's item as the old one
        b.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("20"))));
        Map<String, AttributeValue> deleted = a.deleteItem(d -> d.tableName("guessed").key(item("pk", "k"))
                .returnValues(ReturnValue.ALL_OLD)).attributes();
        assertEquals("20", deleted.get("v").n());
        assertFalse(b.getItem(g -> g.tableName("guessed").key(item("pk", "k")).consistentRead(true)).hasItem());
        // A guesses absent (its own delete), B re-creates: a put conditioned on absence fails
        b.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("30"))));
        assertThrows(ConditionalCheckFailedException.class, () -> a.putItem(p -> p.tableName("guessed")
                .item(item("pk", "k", "v", n("31"))).conditionExpression("attribute_not_exists(pk)")));
        assertEquals("30", consistent(a).get("v").n());
        // a BatchWriteItem through A over B's newer item still replaces it
        b.putItem(p -> p.tableName("guessed").item(item("pk", "k", "v", n("40"))));
        var batch = a.batchWriteItem(w -> w.requestItems(Map.of("guessed", java.util.List.of(
                software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder().putRequest(r -> r.item(item("pk", "k", "v", n("41")))).build(),
                software.amazon.awssdk.services.dynamodb.model.WriteRequest.builder().putRequest(r -> r.item(item("pk", "other", "v", n("1")))).build()))));
        assertNull(batch.unprocessedItems().get("guessed"));
        assertEquals("41", consistent(b).get("v").n());
    }

    private static Map<String, AttributeValue> consistent(DynamoDbClient via) {
        return via.getItem(g -> g.tableName("guessed").key(item("pk", "k")).consistentRead(true)).item();
    }
}
