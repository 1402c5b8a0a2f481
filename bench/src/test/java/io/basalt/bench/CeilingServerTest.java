package io.basalt.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/** The SDK (which checks x-amz-crc32) accepts every fixed answer of the ceiling server. */
class CeilingServerTest {
    @Test
    void theSdkAcceptsTheFixedAnswers() throws Exception {
        try (CeilingServer server = CeilingServer.start(0, 1000, 1);
             ClientFactory.BenchClient client = ClientFactory.create(URI.create("http://127.0.0.1:" + server.port()), "apache", 4)) {
            var dynamo = client.dynamo();
            DataModel model = new DataModel(100);
            GetItemResponse get = dynamo.getItem(b -> b.tableName("bench").key(model.key(3)));
            assertEquals(1000, get.item().get(DataModel.PAYLOAD).s().length());
            assertTrue(ItemSizes.of(get.item()) > 1000);
            QueryResponse q = dynamo.query(b -> b.tableName("bench").keyConditionExpression("pk = :p")
                    .expressionAttributeValues(Map.of(":p", DataModel.partitionValue(0))));
            assertEquals(10, q.items().size());
            assertEquals(100, dynamo.scan(b -> b.tableName("bench")).items().size());
            dynamo.putItem(b -> b.tableName("bench").item(model.item(1, 100, new SplittableRandom(1))));
            dynamo.updateItem(b -> b.tableName("bench").key(model.key(1)).updateExpression("ADD c :one")
                    .expressionAttributeValues(Map.of(":one", software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN("1"))));
            assertTrue(dynamo.batchWriteItem(b -> b.requestItems(Map.of("bench", List.of()))).unprocessedItems().isEmpty());
            dynamo.transactWriteItems(b -> b.transactItems(List.of()));
            assertEquals(TableStatus.ACTIVE, dynamo.describeTable(b -> b.tableName("bench")).table().tableStatus());
            assertTrue(TableSetup.exists(dynamo, "bench"));
            assertEquals(0, client.retries().retries());
            assertEquals(200, FirstAnswer.ask(server.port()));
        }
    }

    @Test
    void workloadsRunAgainstTheCeiling() throws Exception {
        try (CeilingServer server = CeilingServer.start(0, 200, 1);
             ClientFactory.BenchClient client = ClientFactory.create(URI.create("http://127.0.0.1:" + server.port()), "urlconnection", 8)) {
            Workloads w = new Workloads(client.dynamo(), "bench", new DataModel(1000), "zipfian", 200, 200);
            CellRunner runner = new CellRunner(w, client.retries(), ProcessProbe.self());
            CellResult load = runner.load("ceiling", 4);
            assertEquals(1000, load.items());
            for (Workload wl : Workload.values()) {
                if (wl == Workload.LOAD) continue;
                CellResult r = runner.timed("ceiling", new CellSpec(wl, 2), 0.05, 0.3);
                assertTrue(r.ops() > 0, wl + " ran");
                assertEquals(0, r.errorCount(), wl + " errors: " + r.errorSummary());
                assertTrue(r.p50Micros() > 0 && r.p99Micros() >= r.p50Micros());
            }
        }
    }
}
