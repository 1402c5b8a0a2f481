package io.basalt.it;

import static io.basalt.it.Sdk.item;
import static io.basalt.it.Sdk.n;
import static io.basalt.it.Sdk.s;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.basalt.compat.Covers;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The gaming application of the migration whitepaper (seed 000): a Games table keyed by GameId and
 * PlayerId, GSI1 with the keys inverted, GSI2 by PlayerId and RegistrationDate — and its seven
 * access patterns, end to end.
 */
class GamingExampleIT extends ServerTestBase {

    private static List<String> attr(QueryResponse r, String name) {
        return r.items().stream().map(i -> i.get(name).s()).toList();
    }

    @Test
    @Covers(operation = "Query", parameters = {"IndexName", "KeyConditionExpression"})
    @Covers(operation = "CreateTable", parameters = {"GlobalSecondaryIndexes"})
    void sevenAccessPatterns() {
        ddb.createTable(b -> b.tableName("Games").billingMode(BillingMode.PAY_PER_REQUEST)
                .attributeDefinitions(a -> a.attributeName("GameId").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("PlayerId").attributeType(ScalarAttributeType.S),
                        a -> a.attributeName("RegistrationDate").attributeType(ScalarAttributeType.S))
                .keySchema(k -> k.attributeName("GameId").keyType(KeyType.HASH), k -> k.attributeName("PlayerId").keyType(KeyType.RANGE))
                .globalSecondaryIndexes(
                        g -> g.indexName("GSI1").keySchema(k -> k.attributeName("PlayerId").keyType(KeyType.HASH),
                                k -> k.attributeName("GameId").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL)),
                        g -> g.indexName("GSI2").keySchema(k -> k.attributeName("PlayerId").keyType(KeyType.HASH),
                                k -> k.attributeName("RegistrationDate").keyType(KeyType.RANGE)).projection(p -> p.projectionType(ProjectionType.ALL))));
        // 6. add associations between players and games
        for (Map<String, AttributeValue> it : List.of(
                item("GameId", "Game1", "PlayerId", "Player1", "RegistrationDate", "2021-11-22", "GameName", "BestGameEver", "GameType", "Sports", "Score", n("750"), "PlayerName", "FirstPlayer"),
                item("GameId", "Game1", "PlayerId", "Player2", "RegistrationDate", "2020-11-01", "GameName", "BestGameEver", "GameType", "Sports", "Score", n("2"), "PlayerName", "SecondPlayer"),
                item("GameId", "Game2", "PlayerId", "Player1", "RegistrationDate", "2021-01-01", "GameName", "PopularGame", "GameType", "Shooters", "Score", n("57"), "PlayerName", "FirstPlayer"))) {
            ddb.putItem(b -> b.tableName("Games").item(it).conditionExpression("attribute_not_exists(GameId)"));
        }
        // 1. details of a certain game
        QueryResponse game = ddb.query(b -> b.tableName("Games").keyConditionExpression("GameId = :g").limit(1)
                .expressionAttributeValues(Map.of(":g", s("Game1"))));
        assertEquals("BestGameEver", game.items().get(0).get("GameName").s());
        // 2. details of a certain player
        // GSIs are eventually consistent: on Cassandra the change log applies them a moment after the write
        boolean eventual = getClass().isAnnotationPresent(OnCassandra.class);
        Duration wait = Duration.ofSeconds(60);
        QueryResponse player = Eventually.converged(eventual, wait, "GSI1 of Player2", () -> ddb.query(b -> b.tableName("Games")
                .indexName("GSI1").keyConditionExpression("PlayerId = :p").limit(1)
                .expressionAttributeValues(Map.of(":p", s("Player2")))), r -> r.count() == 1);
        assertEquals("SecondPlayer", player.items().get(0).get("PlayerName").s());
        // 3. games a player registered to within a time range
        QueryResponse inRange = Eventually.converged(eventual, wait, "GSI2 of Player1", () -> ddb.query(b -> b.tableName("Games")
                .indexName("GSI2").keyConditionExpression("PlayerId = :p AND RegistrationDate BETWEEN :from AND :to")
                .expressionAttributeValues(Map.of(":p", s("Player1"), ":from", s("2021-06-01"), ":to", s("2021-12-31")))),
                r -> r.count() == 1);
        assertEquals(List.of("Game1"), attr(inRange, "GameId"));
        // 4. all games a player ever played
        assertEquals(List.of("Game1", "Game2"), attr(Eventually.converged(eventual, wait, "GSI1 of Player1", () -> ddb.query(b -> b
                .tableName("Games").indexName("GSI1").keyConditionExpression("PlayerId = :p")
                .expressionAttributeValues(Map.of(":p", s("Player1")))), r -> r.count() == 2), "GameId"));
        // 5. update the player's score in a certain game
        ddb.updateItem(b -> b.tableName("Games").key(item("GameId", "Game2", "PlayerId", "Player1")).updateExpression("SET Score = Score + :d")
                .expressionAttributeValues(Map.of(":d", n("100"))));
        assertEquals("157", Eventually.converged(eventual, wait, "GSI2 after the update", () -> ddb.query(b -> b.tableName("Games")
                .indexName("GSI2").keyConditionExpression("PlayerId = :p AND RegistrationDate = :d")
                .expressionAttributeValues(Map.of(":p", s("Player1"), ":d", s("2021-01-01")))), r -> r.count() == 1
                && "157".equals(r.items().get(0).get("Score").n())).items().get(0).get("Score").n(), "the index sees the update");
        // 7. players who ever played a specific game
        assertEquals(List.of("Player1", "Player2"), attr(ddb.query(b -> b.tableName("Games").keyConditionExpression("GameId = :g")
                .expressionAttributeValues(Map.of(":g", s("Game1")))), "PlayerId"));
    }
}
