package io.basalt.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/** BasaltContainer against the image built here (./basalt image); each test starts and stops its containers. */
class BasaltContainerTest {
    private static final Map<String, AttributeValue> ITEM = Map.of("id", AttributeValue.fromS("a"), "n", AttributeValue.fromN("1"));

    private static void createTable(DynamoDbClient dynamo) {
        dynamo.createTable(r -> r.tableName("Things").provisionedThroughput(p -> p.readCapacityUnits(1L).writeCapacityUnits(1L))
                .attributeDefinitions(d -> d.attributeName("id").attributeType("S")).keySchema(k -> k.attributeName("id").keyType("HASH")));
    }

    @Test
    void inMemoryWithEnforcedCapacity() {
        try (BasaltContainer basalt = new BasaltContainer().withInMemory().withCapacityMode("enforce")) {
            basalt.start();
            assertTrue(basalt.getLogs().contains("storage: in memory"), basalt.getLogs());
            try (DynamoDbClient dynamo = basalt.client()) {
                createTable(dynamo);
                dynamo.putItem(r -> r.tableName("Things").item(ITEM));
                var got = dynamo.getItem(r -> r.tableName("Things").key(Map.of("id", AttributeValue.fromS("a")))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
                assertEquals("1", got.item().get("n").n());
                assertEquals(0.5, got.consumedCapacity().capacityUnits());
            }
        }
    }

    @Test
    void withAuthVerifiesSignatures() {
        try (BasaltContainer basalt = new BasaltContainer().withInMemory().withAuth("AKIATESTCONTAINERS01", "tc-secret")) {
            basalt.start();
            try (DynamoDbClient dynamo = basalt.client()) {
                assertEquals(0, dynamo.listTables().tableNames().size());
            }
            try (DynamoDbClient stranger = DynamoDbClient.builder().endpointOverride(basalt.endpoint()).region(BasaltContainer.REGION)
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("AKIAUNKNOWNKEY000001", "x")))
                    .httpClient(UrlConnectionHttpClient.create()).build()) {
                DynamoDbException e = assertThrows(DynamoDbException.class, stranger::listTables);
                assertEquals("UnrecognizedClientException", e.awsErrorDetails().errorCode());
                assertEquals("The security token included in the request is invalid.", e.awsErrorDetails().errorMessage());
                assertEquals(400, e.statusCode());
            }
        }
    }

    @Test
    void dataVolumeOutlivesTheContainer() {
        String volume = "basalt-tc-test-" + ProcessHandle.current().pid();
        try {
            try (BasaltContainer first = new BasaltContainer().withDataVolume(volume)) {
                first.start();
                try (DynamoDbClient dynamo = first.client()) {
                    createTable(dynamo);
                    dynamo.putItem(r -> r.tableName("Things").item(ITEM));
                }
            }
            try (BasaltContainer second = new BasaltContainer().withDataVolume(volume)) {
                second.start();
                try (DynamoDbClient dynamo = second.client()) {
                    assertEquals("1", dynamo.getItem(r -> r.tableName("Things").key(Map.of("id", AttributeValue.fromS("a")))).item().get("n").n());
                }
            }
        } finally {
            try {
                org.testcontainers.DockerClientFactory.instance().client().removeVolumeCmd(volume).exec();
            } catch (com.github.dockerjava.api.exception.NotFoundException gone) {
                // Testcontainers removed it with the last container
            }
        }
    }
}
