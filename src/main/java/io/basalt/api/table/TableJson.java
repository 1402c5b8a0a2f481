package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.List;

/** JSON shapes shared by the table operations' requests (KeySchema, Projection, throughput, ...). */
public final class TableJson {
    private TableJson() {}

    record KeyElement(String attributeName, String keyType) {}

    record AttributeDefinition(String attributeName, String attributeType) {}

    record ProvisionedThroughput(Long readCapacityUnits, Long writeCapacityUnits) {}

    record OnDemandThroughput(Long maxReadRequestUnits, Long maxWriteRequestUnits) {}

    /** WarmThroughput as sent ({} reads as both members null). */
    record Warm(Long readUnitsPerSecond, Long writeUnitsPerSecond) {
        boolean empty() {
            return readUnitsPerSecond == null && writeUnitsPerSecond == null;
        }
    }

    record Projection(String projectionType, List<String> nonKeyAttributes) {}

    record StreamSpecification(Boolean streamEnabled, String streamViewType) {}

    record Tag(String key, String value) {}

    public record SseSpecification(Boolean enabled, String sseType, String kmsMasterKeyId) {}

    record IndexSpec(String indexName, List<KeyElement> keySchema, Projection projection,
                     ProvisionedThroughput provisionedThroughput, OnDemandThroughput onDemandThroughput, Warm warm) {}

    /** One element of GlobalSecondaryIndexUpdates: exactly one of create / update / delete. */
    record GsiUpdate(IndexSpec create, IndexSpec update, String delete) {}

    private static final Member<String> INDEX_NAME = Member.string("IndexName");
    private static final Member<String> ATTRIBUTE_NAME = Member.string("AttributeName");
    private static final Member<String> KEY_TYPE = Member.string("KeyType");
    private static final Member<String> ATTRIBUTE_TYPE = Member.string("AttributeType");
    private static final Member<Long> READ_CAPACITY_UNITS = Member.integer("ReadCapacityUnits");
    private static final Member<Long> WRITE_CAPACITY_UNITS = Member.integer("WriteCapacityUnits");
    private static final Member<Long> MAX_READ_REQUEST_UNITS = Member.integer("MaxReadRequestUnits");
    private static final Member<Long> MAX_WRITE_REQUEST_UNITS = Member.integer("MaxWriteRequestUnits");
    private static final Member<String> PROJECTION_TYPE = Member.string("ProjectionType");
    private static final Member<List<String>> NON_KEY_ATTRIBUTES = Member.stringList("NonKeyAttributes");
    private static final Member<Boolean> STREAM_ENABLED = Member.bool("StreamEnabled");
    private static final Member<String> STREAM_VIEW_TYPE = Member.string("StreamViewType");
    private static final Member<Boolean> SSE_ENABLED = Member.bool("Enabled");
    private static final Member<String> SSE_TYPE = Member.string("SSEType");
    private static final Member<String> KMS_MASTER_KEY_ID = Member.string("KMSMasterKeyId");
    private static final Member<String> TAG_KEY = Member.string("Key");
    private static final Member<String> TAG_VALUE = Member.string("Value");
    private static final Member<List<KeyElement>> KEY_SCHEMA = Member.of("KeySchema", TableJson::keySchema);
    private static final Member<Projection> PROJECTION = Member.of("Projection", TableJson::projection);
    private static final Member<ProvisionedThroughput> PROVISIONED_THROUGHPUT =
            Member.of("ProvisionedThroughput", TableJson::throughput);
    private static final Member<OnDemandThroughput> ON_DEMAND_THROUGHPUT =
            Member.of("OnDemandThroughput", TableJson::onDemand);
    private static final Member<Long> READ_UNITS_PER_SECOND = Member.integer("ReadUnitsPerSecond");
    private static final Member<Long> WRITE_UNITS_PER_SECOND = Member.integer("WriteUnitsPerSecond");
    private static final Structure WARM = Structure.of(READ_UNITS_PER_SECOND, WRITE_UNITS_PER_SECOND);
    private static final Member<Warm> WARM_THROUGHPUT = Member.of("WarmThroughput", TableJson::warm);
    private static final Member<IndexSpec> CREATE = Member.of("Create", TableJson::index);
    private static final Member<IndexSpec> UPDATE = Member.of("Update", TableJson::index);
    private static final Structure DELETE_SHAPE = Structure.of(INDEX_NAME);
    /** A Delete without an index name (even a null Delete) still asks for a delete: it reads as "". */
    private static final Member<String> DELETE = Member.of("Delete", p -> {
        String name = DELETE_SHAPE.readOrEmpty(p).get(INDEX_NAME);
        return name == null ? "" : name;
    });

    private static final Structure KEY_ELEMENT = Structure.of(ATTRIBUTE_NAME, KEY_TYPE);
    private static final Structure ATTRIBUTE_DEFINITION = Structure.of(ATTRIBUTE_NAME, ATTRIBUTE_TYPE);
    private static final Structure THROUGHPUT = Structure.of(READ_CAPACITY_UNITS, WRITE_CAPACITY_UNITS);
    private static final Structure ON_DEMAND = Structure.of(MAX_READ_REQUEST_UNITS, MAX_WRITE_REQUEST_UNITS);
    private static final Structure PROJECTION_SHAPE = Structure.of(PROJECTION_TYPE, NON_KEY_ATTRIBUTES);
    private static final Structure STREAM = Structure.of(STREAM_ENABLED, STREAM_VIEW_TYPE);
    private static final Structure SSE = Structure.of(SSE_ENABLED, SSE_TYPE, KMS_MASTER_KEY_ID);
    private static final Structure TAG = Structure.of(TAG_KEY, TAG_VALUE);
    private static final Structure INDEX = Structure.of(INDEX_NAME, KEY_SCHEMA, PROJECTION, PROVISIONED_THROUGHPUT,
            ON_DEMAND_THROUGHPUT, WARM_THROUGHPUT);
    private static final Structure GSI_UPDATE = Structure.of(CREATE, UPDATE, DELETE);

    static List<GsiUpdate> gsiUpdates(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Members m = GSI_UPDATE.readOrEmpty(q);
            return new GsiUpdate(m.get(CREATE), m.get(UPDATE), m.get(DELETE));
        });
    }

    static List<KeyElement> keySchema(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Members m = KEY_ELEMENT.readOrEmpty(q);
            return new KeyElement(m.get(ATTRIBUTE_NAME), m.get(KEY_TYPE));
        });
    }

    static List<AttributeDefinition> attributeDefinitions(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Members m = ATTRIBUTE_DEFINITION.readOrEmpty(q);
            return new AttributeDefinition(m.get(ATTRIBUTE_NAME), m.get(ATTRIBUTE_TYPE));
        });
    }

    static ProvisionedThroughput throughput(JsonParser p) throws IOException {
        Members m = THROUGHPUT.read(p);
        return m == null ? null : new ProvisionedThroughput(m.get(READ_CAPACITY_UNITS), m.get(WRITE_CAPACITY_UNITS));
    }

    static OnDemandThroughput onDemand(JsonParser p) throws IOException {
        Members m = ON_DEMAND.read(p);
        return m == null ? null : new OnDemandThroughput(m.get(MAX_READ_REQUEST_UNITS), m.get(MAX_WRITE_REQUEST_UNITS));
    }

    static Warm warm(JsonParser p) throws IOException {
        Members m = WARM.read(p);
        return m == null ? null : new Warm(m.get(READ_UNITS_PER_SECOND), m.get(WRITE_UNITS_PER_SECOND));
    }

    static Projection projection(JsonParser p) throws IOException {
        Members m = PROJECTION_SHAPE.read(p);
        return m == null ? null : new Projection(m.get(PROJECTION_TYPE), m.get(NON_KEY_ATTRIBUTES));
    }

    static StreamSpecification stream(JsonParser p) throws IOException {
        Members m = STREAM.read(p);
        return m == null ? null : new StreamSpecification(m.get(STREAM_ENABLED), m.get(STREAM_VIEW_TYPE));
    }

    public static SseSpecification sse(JsonParser p) throws IOException {
        Members m = SSE.read(p);
        return m == null ? null : new SseSpecification(m.get(SSE_ENABLED), m.get(SSE_TYPE), m.get(KMS_MASTER_KEY_ID));
    }

    static List<Tag> tags(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Members m = TAG.readOrEmpty(q);
            return new Tag(m.get(TAG_KEY), m.get(TAG_VALUE));
        });
    }

    static List<IndexSpec> indexes(JsonParser p) throws IOException {
        return JsonIn.list(p, TableJson::index);
    }

    /** One index of CreateTable or of an UpdateTable Create/Update; a JSON null reads as an index without members. */
    static IndexSpec index(JsonParser p) throws IOException {
        Members m = INDEX.readOrEmpty(p);
        return new IndexSpec(m.get(INDEX_NAME), m.get(KEY_SCHEMA), m.get(PROJECTION), m.get(PROVISIONED_THROUGHPUT),
                m.get(ON_DEMAND_THROUGHPUT), m.get(WARM_THROUGHPUT));
    }
}
