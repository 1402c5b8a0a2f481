package io.basalt.api.common;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes the ConsumedCapacity member: TOTAL gives TableName and CapacityUnits; INDEXES adds the
 * Table's own units and each index's (GlobalSecondaryIndexes / LocalSecondaryIndexes maps).
 */
public final class ConsumedCapacityWriter {
    public static final String ENUM = "[INDEXES, TOTAL, NONE]";

    private ConsumedCapacityWriter() {}

    /** Whether a ReturnConsumedCapacity value asks for capacity in the response. */
    public static boolean wanted(String returnConsumedCapacity) {
        return "TOTAL".equals(returnConsumedCapacity) || "INDEXES".equals(returnConsumedCapacity);
    }

    /**
     * Writes {@code "ConsumedCapacity": {...}} (the caller has checked {@link #wanted}).
     *
     * @param gsiUnits index name to units (may be empty)
     * @param lsiUnits index name to units (may be empty)
     */
    public static void writeMember(JsonGenerator g, String mode, String tableName, double tableUnits,
                                   Map<String, Double> gsiUnits, Map<String, Double> lsiUnits) throws IOException {
        g.writeFieldName("ConsumedCapacity");
        write(g, mode, tableName, tableUnits, gsiUnits, lsiUnits);
    }

    public static void write(JsonGenerator g, String mode, String tableName, double tableUnits,
                             Map<String, Double> gsiUnits, Map<String, Double> lsiUnits) throws IOException {
        write(g, mode, tableName, tableUnits, gsiUnits, lsiUnits, Map.of());
    }

    /** With the VectorWriteRequestBytes of each vector index a write changed (INDEXES only; none when empty). */
    public static void write(JsonGenerator g, String mode, String tableName, double tableUnits,
                             Map<String, Double> gsiUnits, Map<String, Double> lsiUnits, Map<String, Double> vectorWriteBytes)
            throws IOException {
        double total = tableUnits;
        for (double v : gsiUnits.values()) total += v;
        for (double v : lsiUnits.values()) total += v;
        g.writeStartObject();
        g.writeStringField("TableName", tableName);
        g.writeNumberField("CapacityUnits", total);
        if ("INDEXES".equals(mode)) {
            g.writeObjectFieldStart("Table");
            g.writeNumberField("CapacityUnits", tableUnits);
            g.writeEndObject();
            writeIndexes(g, "GlobalSecondaryIndexes", gsiUnits);
            writeIndexes(g, "LocalSecondaryIndexes", lsiUnits);
            if (!vectorWriteBytes.isEmpty()) {
                g.writeObjectFieldStart("VectorIndexes");
                for (Map.Entry<String, Double> v : vectorWriteBytes.entrySet()) {
                    g.writeObjectFieldStart(v.getKey());
                    g.writeNumberField("VectorWriteRequestBytes", v.getValue());
                    g.writeEndObject();
                }
                g.writeEndObject();
            }
        }
        g.writeEndObject();
    }

    /** Writes {@code "ConsumedCapacity": [...]}, one entry per table (batch and transaction operations). */
    public static void writeList(JsonGenerator g, String mode, Map<String, Double> unitsByTable) throws IOException {
        if (!wanted(mode)) return;
        g.writeArrayFieldStart("ConsumedCapacity");
        for (Map.Entry<String, Double> u : unitsByTable.entrySet()) {
            write(g, mode, u.getKey(), u.getValue(), Map.of(), Map.of());
        }
        g.writeEndArray();
    }

    /** Units of one table in a batch or transaction: the table's own and each index's (for INDEXES). */
    public static final class TableUnits {
        private double table;
        private final Map<String, Double> gsi = new java.util.LinkedHashMap<>();
        private final Map<String, Double> lsi = new java.util.LinkedHashMap<>();

        public void addTable(double units) {
            table += units;
        }

        public void add(io.basalt.engine.capacity.WriteCapacity w) {
            table += w.table();
            w.globalIndexes().forEach((k, v) -> gsi.merge(k, v, Double::sum));
            w.localIndexes().forEach((k, v) -> lsi.merge(k, v, Double::sum));
        }

        /** Units per table as bytes (a transaction's result kept with its idempotency token in a shared store). */
        public static final io.basalt.engine.transact.IdempotencyCache.ResultCodec<Map<String, TableUnits>> CODEC =
                new io.basalt.engine.transact.IdempotencyCache.ResultCodec<>() {
                    @Override
                    public byte[] encode(Map<String, TableUnits> units) {
                        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
                        try (java.io.DataOutputStream out = new java.io.DataOutputStream(bytes)) {
                            out.writeInt(units.size());
                            for (Map.Entry<String, TableUnits> e : units.entrySet()) {
                                out.writeUTF(e.getKey());
                                out.writeDouble(e.getValue().table);
                                for (Map<String, Double> m : List.of(e.getValue().gsi, e.getValue().lsi)) {
                                    out.writeInt(m.size());
                                    for (Map.Entry<String, Double> i : m.entrySet()) {
                                        out.writeUTF(i.getKey());
                                        out.writeDouble(i.getValue());
                                    }
                                }
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                        return bytes.toByteArray();
                    }

                    @Override
                    public Map<String, TableUnits> decode(byte[] bytes) {
                        Map<String, TableUnits> units = new java.util.LinkedHashMap<>();
                        try (java.io.DataInputStream in = new java.io.DataInputStream(new java.io.ByteArrayInputStream(bytes))) {
                            for (int n = in.readInt(); n > 0; n--) {
                                TableUnits t = units.computeIfAbsent(in.readUTF(), k -> new TableUnits());
                                t.table = in.readDouble();
                                for (Map<String, Double> m : List.of(t.gsi, t.lsi)) {
                                    for (int k = in.readInt(); k > 0; k--) m.put(in.readUTF(), in.readDouble());
                                }
                            }
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                        return units;
                    }
                };
    }

    /** Writes {@code "ConsumedCapacity": [...]} with each table's breakdown (batch writes, transactions). */
    public static void writeTables(JsonGenerator g, String mode, Map<String, TableUnits> unitsByTable) throws IOException {
        if (!wanted(mode)) return;
        g.writeArrayFieldStart("ConsumedCapacity");
        for (Map.Entry<String, TableUnits> u : unitsByTable.entrySet()) {
            write(g, mode, u.getKey(), u.getValue().table, u.getValue().gsi, u.getValue().lsi);
        }
        g.writeEndArray();
    }

    private static void writeIndexes(JsonGenerator g, String member, Map<String, Double> units) throws IOException {
        if (units.isEmpty()) return;
        g.writeObjectFieldStart(member);
        for (Map.Entry<String, Double> e : units.entrySet()) {
            g.writeObjectFieldStart(e.getKey());
            g.writeNumberField("CapacityUnits", e.getValue());
            g.writeEndObject();
        }
        g.writeEndObject();
    }
}
