package io.basalt.bench;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.BasaltConfig;
import io.basalt.api.OperationRegistry;
import io.basalt.engine.Engine;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.KeyCodec;
import io.basalt.server.http.DynamoRequest;
import io.basalt.wire.Json;
import io.basalt.server.http.RequestDispatcher;
import io.basalt.wire.AttributeValueJson;
import io.basalt.storage.memory.MemoryStorage;
import io.basalt.storage.rocksdb.RocksStorage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * JMH microbenchmarks of the request hot paths, without the network: a whole GetItem, PutItem,
 * UpdateItem and Query through the dispatcher (JSON in, engine, JSON out) on the memory and RocksDB
 * engines, and the pieces: parsing a PutItem with a 1 KB item, writing a 1 KB item as JSON, key
 * encoding, item encoding and decoding. The RocksDB engine syncs its log on every write, as the
 * server does. Run (see docs/benchmarks.md):
 * {@code java -cp target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main HotPathBench -prof gc}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HotPathBench {
    static final String AUTH = "AWS4-HMAC-SHA256 Credential=AKID/20261123/us-east-1/dynamodb/aws4_request, "
            + "SignedHeaders=amz-sdk-invocation-id;amz-sdk-request;content-length;content-type;host;x-amz-date;x-amz-target, "
            + "Signature=6f1b3c1c9d1f0e0e7a3b5d7c9e1f3a5b7c9d1e3f5a7b9c1d3e5f7a9b1c3d5e7f";
    static final String PAYLOAD = "p".repeat(1000);

    @Param({"memory", "rocksdb"})
    public String storage;

    private Path dir;
    private Engine engine;
    private RequestDispatcher dispatcher;
    private final AtomicLong counter = new AtomicLong();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream(4096);
    private byte[] getBody, queryBody, updateBody, putBody;
    private Map<String, AttributeValue> item;
    private byte[] itemBytes;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        io.basalt.storage.StorageEngine store = new MemoryStorage();
        if (storage.equals("rocksdb")) {
            dir = Files.createTempDirectory("basalt-jmh");
            store = RocksStorage.open(dir, BasaltConfig.DEFAULT_CACHE_MB * 1024L * 1024L);
        }
        engine = new Engine(store, io.basalt.engine.TimeSettings.defaults().withTtlSweepMillis(60_000));
        dispatcher = new RequestDispatcher(new OperationRegistry(engine));
        call("CreateTable", """
                {"TableName":"bench","BillingMode":"PAY_PER_REQUEST",
                 "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"N"}],
                 "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}]}""");
        for (int p = 0; p < 100; p++) {
            for (int s = 0; s < 10; s++) call("PutItem", put("user" + p, s));
        }
        getBody = bytes("{\"TableName\":\"bench\",\"Key\":{\"pk\":{\"S\":\"user42\"},\"sk\":{\"N\":\"3\"}}}");
        queryBody = bytes("{\"TableName\":\"bench\",\"KeyConditionExpression\":\"pk = :p\","
                + "\"ExpressionAttributeValues\":{\":p\":{\"S\":\"user7\"}}}");
        updateBody = bytes("{\"TableName\":\"bench\",\"Key\":{\"pk\":{\"S\":\"user9\"},\"sk\":{\"N\":\"1\"}},"
                + "\"UpdateExpression\":\"SET #c = :v\",\"ExpressionAttributeNames\":{\"#c\":\"counter\"},"
                + "\"ExpressionAttributeValues\":{\":v\":{\"N\":\"17\"}}}");
        putBody = bytes(put("user5", 5));
        item = new LinkedHashMap<>();
        item.put("pk", AttributeValue.s("user42"));
        item.put("sk", AttributeValue.n("3"));
        item.put("counter", AttributeValue.n("12345"));
        item.put("payload", AttributeValue.s(PAYLOAD));
        itemBytes = ItemCodec.encode(item);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        engine.close();
        if (dir != null) {
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    private static String put(String pk, int sk) {
        return "{\"TableName\":\"bench\",\"Item\":{\"pk\":{\"S\":\"" + pk + "\"},\"sk\":{\"N\":\"" + sk + "\"},"
                + "\"counter\":{\"N\":\"0\"},\"payload\":{\"S\":\"" + PAYLOAD + "\"}}}";
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private int call(String op, String body) throws IOException {
        return call(op, bytes(body));
    }

    private int call(String op, byte[] body) throws IOException {
        out.reset();
        int status = dispatcher.dispatch(DynamoRequest.signed("DynamoDB_20120810." + op, AUTH, "20261123T101010Z"),
                RequestDispatcher.Body.of(body), out, "req");
        if (status != 200) throw new IllegalStateException(op + ": " + out.toString(StandardCharsets.UTF_8));
        return out.size();
    }

    @Benchmark
    public int getItem() throws IOException {
        return call("GetItem", getBody);
    }

    @Benchmark
    public int putItem() throws IOException {
        return call("PutItem", putBody);
    }

    @Benchmark
    public int updateItem() throws IOException {
        return call("UpdateItem", updateBody);
    }

    @Benchmark
    public int query10Items() throws IOException {
        return call("Query", queryBody);
    }

    @Benchmark
    public Object parsePutItemJson() throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(putBody)) {
            p.nextToken();
            return new io.basalt.api.item.PutItem(engine).parse(p);
        }
    }

    @Benchmark
    public int writeItemJson() throws IOException {
        out.reset();
        try (JsonGenerator g = Json.FACTORY.createGenerator(out)) {
            AttributeValueJson.writeItem(g, item);
        }
        return out.size();
    }

    @Benchmark
    public byte[] encodeItemKey() {
        return KeyCodec.itemKey(7, item.get("pk"), item.get("sk"));
    }

    @Benchmark
    public byte[] encodeItem() {
        return ItemCodec.encode(item);
    }

    @Benchmark
    public Object decodeItem() {
        return ItemCodec.decode(itemBytes);
    }
}
