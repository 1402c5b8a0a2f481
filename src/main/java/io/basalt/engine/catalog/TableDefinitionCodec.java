package io.basalt.engine.catalog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.model.AttrType;
import io.basalt.model.KeyShape;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Persistent JSON form of a {@link TableDefinition} in the catalog space. Not a hot path, so it is
 * read through a small generic tree. Unknown fields are ignored so older servers can read newer
 * catalogs.
 */
public final class TableDefinitionCodec {
    private static final JsonFactory JSON = new JsonFactory();

    private TableDefinitionCodec() {}

    public static byte[] encode(TableDefinition t) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("name", t.name());
            g.writeNumberField("id", t.id());
            g.writeStringField("uuid", t.uuid());
            g.writeNumberField("creationTime", t.creationTime());
            g.writeObjectFieldStart("attributes");
            for (Map.Entry<String, AttrType> e : t.attributeDefinitions().entrySet()) g.writeStringField(e.getKey(), e.getValue().tag());
            g.writeEndObject();
            g.writeFieldName("keys");
            writeKeys(g, t.keys());
            g.writeStringField("billingMode", t.billingMode());
            g.writeFieldName("throughput");
            writeThroughput(g, t.throughput());
            g.writeNumberField("lastUpdateToPayPerRequest", t.lastUpdateToPayPerRequest());
            g.writeFieldName("onDemand");
            writeOnDemand(g, t.onDemand());
            writeWarm(g, t.warm());
            g.writeArrayFieldStart("lsis");
            for (IndexDefinition i : t.localIndexes()) writeIndex(g, i);
            g.writeEndArray();
            g.writeArrayFieldStart("gsis");
            for (IndexDefinition i : t.globalIndexes()) writeIndex(g, i);
            g.writeEndArray();
            g.writeObjectFieldStart("stream");
            g.writeBooleanField("enabled", t.stream().enabled());
            if (t.stream().viewType() != null) g.writeStringField("viewType", t.stream().viewType());
            if (t.stream().label() != null) g.writeStringField("label", t.stream().label());
            if (t.stream().disabledMillis() != 0) g.writeNumberField("disabledAt", t.stream().disabledMillis());
            g.writeArrayFieldStart("previous");
            for (String p : t.stream().previous()) g.writeString(p);
            g.writeEndArray();
            g.writeEndObject();
            g.writeBooleanField("deletionProtection", t.deletionProtection());
            if (t.tableClass() != null) g.writeStringField("tableClass", t.tableClass());
            if (t.global()) {
                g.writeArrayFieldStart("replicas");
                for (TableDefinition.Replica r : t.replicas()) {
                    g.writeStartObject();
                    g.writeStringField("region", r.region());
                    g.writeStringField("namespace", r.namespace());
                    g.writeNumberField("added", r.addedMillis());
                    if (r.sourceRegion() != null) g.writeStringField("source", r.sourceRegion());
                    g.writeEndObject();
                }
                g.writeEndArray();
            }
            TableDefinitionCodecVectors.write(g, t.vectorIndexes());
            if (t.sseKeyArn() != null) g.writeStringField("sseKeyArn", t.sseKeyArn());
            if (t.ttlAttribute() != null) g.writeStringField("ttlAttribute", t.ttlAttribute());
            if (t.ttlChange() != null) {
                g.writeObjectFieldStart("ttlChange");
                g.writeStringField("attribute", t.ttlChange().attributeName());
                g.writeBooleanField("enabled", t.ttlChange().enabled());
                g.writeNumberField("at", t.ttlChange().atMillis());
                g.writeEndObject();
            }
            g.writeObjectFieldStart("tags");
            for (Map.Entry<String, String> e : t.tags().entrySet()) g.writeStringField(e.getKey(), e.getValue());
            g.writeEndObject();
            if (!t.resourcePolicies().isEmpty()) {
                g.writeObjectFieldStart("resourcePolicies");
                for (Map.Entry<String, TableDefinition.ResourcePolicy> e : t.resourcePolicies().entrySet()) {
                    g.writeObjectFieldStart(e.getKey());
                    if (!e.getValue().deleted()) g.writeStringField("document", e.getValue().document());
                    g.writeStringField("revisionId", e.getValue().revisionId());
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
            if (t.restoreSummary() != null) {
                g.writeObjectFieldStart("restoredFrom");
                g.writeStringField("backupArn", t.restoreSummary().sourceBackupArn());
                g.writeStringField("tableArn", t.restoreSummary().sourceTableArn());
                g.writeNumberField("at", t.restoreSummary().restoreDateTime());
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static void writeKeys(JsonGenerator g, KeyShape k) throws IOException {
        g.writeStartObject();
        if (k.multiAttribute()) {
            g.writeArrayFieldStart("hashParts");
            for (KeyShape.Part p : k.hashParts()) g.writeString(p.name() + ":" + p.type().tag());
            g.writeEndArray();
            g.writeArrayFieldStart("rangeParts");
            for (KeyShape.Part p : k.rangeParts()) g.writeString(p.name() + ":" + p.type().tag());
            g.writeEndArray();
        }
        g.writeStringField("hash", k.hashName());
        g.writeStringField("hashType", k.hashType().tag());
        if (k.hasRange()) {
            g.writeStringField("range", k.rangeName());
            g.writeStringField("rangeType", k.rangeType().tag());
        }
        g.writeEndObject();
    }

    private static void writeThroughput(JsonGenerator g, Throughput t) throws IOException {
        g.writeStartObject();
        g.writeNumberField("rcu", t.readCapacityUnits());
        g.writeNumberField("wcu", t.writeCapacityUnits());
        g.writeNumberField("lastIncrease", t.lastIncrease());
        g.writeNumberField("lastDecrease", t.lastDecrease());
        g.writeNumberField("decreasesToday", t.decreasesToday());
        g.writeEndObject();
    }

    private static void writeOnDemand(JsonGenerator g, OnDemandLimits o) throws IOException {
        g.writeStartObject();
        g.writeNumberField("maxRead", o.maxReadRequestUnits());
        g.writeNumberField("maxWrite", o.maxWriteRequestUnits());
        g.writeEndObject();
    }

    /** Only a raised mark is stored; definitions written before WarmThroughput existed read as NONE. */
    private static void writeWarm(JsonGenerator g, WarmThroughput w) throws IOException {
        if (w.equals(WarmThroughput.NONE)) return;
        g.writeObjectFieldStart("warm");
        g.writeNumberField("read", w.readUnitsPerSecond());
        g.writeNumberField("write", w.writeUnitsPerSecond());
        g.writeEndObject();
    }

    private static WarmThroughput warm(Object o) {
        if (o == null) return WarmThroughput.NONE;
        Map<String, Object> w = asMap(o);
        return new WarmThroughput(num(w.get("read")).longValue(), num(w.get("write")).longValue());
    }

    private static void writeIndex(JsonGenerator g, IndexDefinition i) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", i.name());
        g.writeNumberField("id", i.indexId());
        g.writeBooleanField("global", i.global());
        g.writeFieldName("keys");
        writeKeys(g, i.keys());
        g.writeStringField("projection", i.projectionType());
        g.writeArrayFieldStart("nonKey");
        for (String s : i.nonKeyAttributes()) g.writeString(s);
        g.writeEndArray();
        g.writeFieldName("throughput");
        writeThroughput(g, i.throughput());
        g.writeFieldName("onDemand");
        writeOnDemand(g, i.onDemand());
        writeWarm(g, i.warm());
        g.writeStringField("status", i.status());
        g.writeEndObject();
    }

    // ------------------------------------------------------------------ reading

    public static TableDefinition decode(byte[] bytes) {
        Map<String, Object> m;
        try (JsonParser p = JSON.createParser(bytes)) {
            p.nextToken();
            m = asMap(tree(p));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Map<String, AttrType> attrs = new LinkedHashMap<>();
        asMap(m.get("attributes")).forEach((k, v) -> attrs.put(k, AttrType.ofTag((String) v)));
        Map<String, Object> stream = asMap(m.get("stream"));
        Map<String, String> tags = new LinkedHashMap<>();
        asMap(m.get("tags")).forEach((k, v) -> tags.put(k, (String) v));
        Map<String, TableDefinition.ResourcePolicy> policies = new LinkedHashMap<>();
        asMap(m.get("resourcePolicies")).forEach((k, v) -> {
            Map<String, Object> p = asMap(v);
            policies.put(k, new TableDefinition.ResourcePolicy((String) p.get("document"), (String) p.get("revisionId")));
        });
        return new TableDefinition(
                (String) m.get("name"), num(m.get("id")).longValue(), (String) m.get("uuid"),
                num(m.get("creationTime")).doubleValue(), attrs, keys(asMap(m.get("keys"))),
                (String) m.get("billingMode"), throughput(asMap(m.get("throughput"))),
                num(m.get("lastUpdateToPayPerRequest")).doubleValue(), onDemand(asMap(m.get("onDemand"))),
                indexes(m.get("lsis")), indexes(m.get("gsis")),
                new StreamSettings(Boolean.TRUE.equals(stream.get("enabled")), (String) stream.get("viewType"), (String) stream.get("label"),
                        strings(stream.get("previous")), stream.get("disabledAt") == null ? 0 : num(stream.get("disabledAt")).longValue()),
                Boolean.TRUE.equals(m.get("deletionProtection")), (String) m.get("tableClass"),
                (String) m.get("ttlAttribute"), tags, ttlChange(m.get("ttlChange")), policies, restoreSummary(m.get("restoredFrom")),
                (String) m.get("sseKeyArn"), warm(m.get("warm")), replicas(m.get("replicas")),
                TableDefinitionCodecVectors.read(m.get("vectorIndexes")));
    }

    private static List<TableDefinition.Replica> replicas(Object list) {
        List<TableDefinition.Replica> out = new ArrayList<>();
        if (list == null) return out;
        for (Object o : (List<?>) list) {
            Map<String, Object> r = asMap(o);
            out.add(new TableDefinition.Replica((String) r.get("region"), (String) r.get("namespace"), num(r.get("added")).longValue(),
                    (String) r.get("source")));
        }
        return out;
    }

    private static TableDefinition.RestoreSummary restoreSummary(Object o) {
        if (o == null) return null;
        Map<String, Object> r = asMap(o);
        return new TableDefinition.RestoreSummary((String) r.get("backupArn"), (String) r.get("tableArn"), num(r.get("at")).doubleValue());
    }

    private static KeyShape keys(Map<String, Object> k) {
        if (k.containsKey("hashParts")) {
            return new KeyShape(parts(k.get("hashParts")), parts(k.get("rangeParts")));
        }
        String range = (String) k.get("range");
        return new KeyShape((String) k.get("hash"), AttrType.ofTag((String) k.get("hashType")),
                range, range == null ? null : AttrType.ofTag((String) k.get("rangeType")));
    }

    /** Parts stored as "name:TYPE" (the type tag never contains ':', names may). */
    private static List<KeyShape.Part> parts(Object list) {
        List<KeyShape.Part> out = new ArrayList<>();
        for (Object o : (List<?>) list) {
            String s = (String) o;
            int colon = s.lastIndexOf(':');
            out.add(new KeyShape.Part(s.substring(0, colon), AttrType.ofTag(s.substring(colon + 1))));
        }
        return out;
    }

    private static Throughput throughput(Map<String, Object> t) {
        return new Throughput(num(t.get("rcu")).longValue(), num(t.get("wcu")).longValue(),
                num(t.get("lastIncrease")).doubleValue(), num(t.get("lastDecrease")).doubleValue(),
                num(t.get("decreasesToday")).intValue());
    }

    private static OnDemandLimits onDemand(Map<String, Object> o) {
        if (o.isEmpty()) return OnDemandLimits.NONE;
        return new OnDemandLimits(num(o.get("maxRead")).longValue(), num(o.get("maxWrite")).longValue());
    }

    private static List<IndexDefinition> indexes(Object list) {
        List<IndexDefinition> out = new ArrayList<>();
        if (list == null) return out;
        for (Object o : (List<?>) list) {
            Map<String, Object> i = asMap(o);
            List<String> nonKey = new ArrayList<>();
            for (Object s : (List<?>) i.get("nonKey")) nonKey.add((String) s);
            out.add(new IndexDefinition((String) i.get("name"), num(i.get("id")).longValue(),
                    Boolean.TRUE.equals(i.get("global")), keys(asMap(i.get("keys"))), (String) i.get("projection"),
                    nonKey, throughput(asMap(i.get("throughput"))), onDemand(asMap(i.get("onDemand"))),
                    i.get("status") == null ? IndexDefinition.ACTIVE : (String) i.get("status"), warm(i.get("warm"))));
        }
        return out;
    }

    private static TtlChange ttlChange(Object o) {
        if (o == null) return null;
        Map<String, Object> c = asMap(o);
        return new TtlChange((String) c.get("attribute"), Boolean.TRUE.equals(c.get("enabled")), num(c.get("at")).longValue());
    }

    private static List<String> strings(Object list) {
        List<String> out = new ArrayList<>();
        if (list != null) for (Object o : (List<?>) list) out.add((String) o);
        return out;
    }

    private static Number num(Object o) {
        return o == null ? 0 : (Number) o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object o) {
        return o == null ? Map.of() : (Map<String, Object>) o;
    }

    private static Object tree(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    m.put(name, tree(p));
                }
                return m;
            }
            case START_ARRAY: {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(tree(p));
                return l;
            }
            case VALUE_STRING: return p.getText();
            case VALUE_NUMBER_INT: return p.getLongValue();
            case VALUE_NUMBER_FLOAT: return p.getDoubleValue();
            case VALUE_TRUE: return Boolean.TRUE;
            case VALUE_FALSE: return Boolean.FALSE;
            default: return null;
        }
    }
}
