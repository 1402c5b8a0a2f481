package io.basalt.migrate.load;

import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.Index;
import io.basalt.migrate.model.Model.KeyAttribute;
import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.LocalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

/**
 * The DynamoDB endpoint a run writes to and verify reads from, through the AWS SDK for Java v2:
 * Basalt, or the service with the default credential chain. Also the conversions between Basalt's
 * attribute values (what the mapping produces and sizes) and the SDK's.
 */
public final class DynamoTarget {
    private DynamoTarget() {}

    /**
     * A client for the endpoint. Credentials: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY of {@code env}
     * when set, else the SDK's default chain (profiles, SSO, container and instance roles); an
     * embedded store gets fixed placeholder credentials. Region: {@code region}, else AWS_REGION,
     * AWS_DEFAULT_REGION, else us-east-1. Retries are the caller's (jittered backoff).
     */
    public static DynamoDbClient client(URI endpoint, String region, Map<String, String> env, boolean embedded) {
        AwsCredentialsProvider credentials;
        if (embedded) {
            credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("basalt-migrate", "basalt-migrate"));
        } else if (env.get("AWS_ACCESS_KEY_ID") != null && env.get("AWS_SECRET_ACCESS_KEY") != null && env.get("AWS_SESSION_TOKEN") == null) {
            credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create(env.get("AWS_ACCESS_KEY_ID"), env.get("AWS_SECRET_ACCESS_KEY")));
        } else if (endpoint != null && loopback(endpoint) && env.get("AWS_ACCESS_KEY_ID") == null && env.get("AWS_PROFILE") == null) {
            // a local Basalt (or DynamoDB Local) without --auth-file accepts any key: no credential chain to fail through
            credentials = StaticCredentialsProvider.create(AwsBasicCredentials.create("basalt-migrate", "basalt-migrate"));
        } else {
            credentials = DefaultCredentialsProvider.builder().build();
        }
        String r = region != null ? region : env.getOrDefault("AWS_REGION", env.getOrDefault("AWS_DEFAULT_REGION", "us-east-1"));
        var b = DynamoDbClient.builder().region(Region.of(r)).credentialsProvider(credentials)
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(60)).connectionTimeout(Duration.ofSeconds(10)).build())
                .overrideConfiguration(o -> o.retryStrategy(s -> s.maxAttempts(1)));
        if (endpoint != null) b.endpointOverride(endpoint);
        return b.build();
    }

    private static boolean loopback(URI endpoint) {
        String host = endpoint.getHost();
        if (host == null) return false;
        if (host.equalsIgnoreCase("localhost")) return true;
        try {
            return java.net.InetAddress.getByName(host).isLoopbackAddress() && host.matches("[0-9.:\\[\\]a-fA-F]+");
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** Creates each table of the model that does not exist yet (on-demand, with its indexes) and waits until it is ACTIVE. */
    static List<String> createMissingTables(DynamoDbClient ddb, Model model) throws InterruptedException {
        List<String> created = new ArrayList<>();
        for (Model.Table t : model.tables()) {
            try {
                ddb.describeTable(b -> b.tableName(t.name()));
                continue;
            } catch (ResourceNotFoundException e) {
                // create it below
            }
            Map<String, String> types = new LinkedHashMap<>();
            List<GlobalSecondaryIndex> gsis = new ArrayList<>();
            List<LocalSecondaryIndex> lsis = new ArrayList<>();
            addType(types, t.partitionKey());
            addType(types, t.sortKey());
            for (Index i : t.indexes()) {
                addType(types, i.partitionKey());
                addType(types, i.sortKey());
                Projection p = Projection.builder().projectionType(ProjectionType.fromValue(i.projection().name()))
                        .nonKeyAttributes(i.nonKeyAttributes().isEmpty() ? null : i.nonKeyAttributes()).build();
                if (i.global()) {
                    gsis.add(GlobalSecondaryIndex.builder().indexName(i.name()).keySchema(schema(i.partitionKey(), i.sortKey())).projection(p).build());
                } else {
                    lsis.add(LocalSecondaryIndex.builder().indexName(i.name()).keySchema(schema(i.partitionKey(), i.sortKey())).projection(p).build());
                }
            }
            ddb.createTable(b -> b.tableName(t.name()).billingMode(BillingMode.PAY_PER_REQUEST)
                    .keySchema(schema(t.partitionKey(), t.sortKey()))
                    .attributeDefinitions(types.entrySet().stream().map(e -> AttributeDefinition.builder().attributeName(e.getKey())
                            .attributeType(e.getValue()).build()).toList())
                    .globalSecondaryIndexes(gsis.isEmpty() ? null : gsis).localSecondaryIndexes(lsis.isEmpty() ? null : lsis));
            for (int i = 0; i < 600; i++) {
                var d = ddb.describeTable(b -> b.tableName(t.name())).table();
                if (d.tableStatus() == TableStatus.ACTIVE && (d.globalSecondaryIndexes() == null
                        || d.globalSecondaryIndexes().stream().allMatch(g -> "ACTIVE".equals(g.indexStatusAsString())))) break;
                Thread.sleep(1000);
            }
            created.add(t.name());
        }
        return created;
    }

    private static void addType(Map<String, String> types, KeyAttribute k) {
        if (k != null) types.putIfAbsent(k.name(), k.type());
    }

    private static List<KeySchemaElement> schema(KeyAttribute pk, KeyAttribute sk) {
        List<KeySchemaElement> l = new ArrayList<>();
        l.add(KeySchemaElement.builder().attributeName(pk.name()).keyType(KeyType.HASH).build());
        if (sk != null) l.add(KeySchemaElement.builder().attributeName(sk.name()).keyType(KeyType.RANGE).build());
        return l;
    }

    public static Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> toSdk(Map<String, AttributeValue> item) {
        Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> m = new LinkedHashMap<>();
        item.forEach((k, v) -> m.put(k, toSdk(v)));
        return m;
    }

    public static software.amazon.awssdk.services.dynamodb.model.AttributeValue toSdk(AttributeValue v) {
        return switch (v) {
            case AttributeValue.S s -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS(s.value());
            case AttributeValue.N n -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN(n.value().toString());
            case AttributeValue.B b -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromB(SdkBytes.fromByteArray(b.value()));
            case AttributeValue.Bool b -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromBool(b.value());
            case AttributeValue.Null x -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromNul(true);
            case AttributeValue.M m -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromM(toSdk(m.value()));
            case AttributeValue.L l -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromL(l.value().stream().map(DynamoTarget::toSdk).toList());
            case AttributeValue.SS s -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromSs(s.value());
            case AttributeValue.NS s -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromNs(s.value().stream().map(DNumber::toString).toList());
            case AttributeValue.BS s -> software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromBs(s.value().stream().map(SdkBytes::fromByteArray).toList());
        };
    }

    public static Map<String, AttributeValue> fromSdk(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        Map<String, AttributeValue> m = new LinkedHashMap<>();
        item.forEach((k, v) -> m.put(k, fromSdk(v)));
        return m;
    }

    public static AttributeValue fromSdk(software.amazon.awssdk.services.dynamodb.model.AttributeValue v) {
        return switch (v.type()) {
            case S -> new AttributeValue.S(v.s());
            case N -> new AttributeValue.N(DNumber.parse(v.n()));
            case B -> new AttributeValue.B(v.b().asByteArray());
            case BOOL -> AttributeValue.Bool.of(v.bool());
            case NUL -> AttributeValue.Null.INSTANCE;
            case M -> new AttributeValue.M(fromSdk(v.m()));
            case L -> new AttributeValue.L(v.l().stream().map(DynamoTarget::fromSdk).toList());
            case SS -> new AttributeValue.SS(v.ss());
            case NS -> new AttributeValue.NS(v.ns().stream().map(DNumber::parse).toList());
            case BS -> new AttributeValue.BS(v.bs().stream().map(SdkBytes::asByteArray).toList());
            default -> throw new IllegalArgumentException("unknown attribute value " + v);
        };
    }
}
