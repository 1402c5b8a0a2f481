package io.basalt.api.streams;

import io.basalt.api.RequestContext;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.StreamRecorder;
import io.basalt.error.DynamoException;
import java.nio.charset.StandardCharsets;

/** Stream ARNs (table ARN + "/stream/" + label) and shard ids, and resolving them to a table. */
final class StreamArns {
    private StreamArns() {}

    static String arn(RequestContext ctx, TableDefinition t) {
        return ctx.tableArn(t.name()) + "/stream/" + t.stream().label();
    }

    /** A stream of a table: its label, whether it is the table's current stream, and its view type. */
    record Resolved(TableDefinition table, String label, boolean current, String viewType) {
        boolean enabled() {
            return current && table.stream().enabled();
        }
    }

    static String arn(RequestContext ctx, TableDefinition t, String label) {
        return ctx.tableArn(t.name()) + "/stream/" + label;
    }

    /** The stream (current or earlier) the ARN names; ResourceNotFoundException otherwise. */
    static Resolved resolveStream(Engine engine, String arn) {
        TableDefinition t = resolveTable(engine, arn);
        String label = arn.substring(arn.indexOf("/stream/") + "/stream/".length());
        return new Resolved(t, label, label.equals(t.stream().label()), t.stream().viewTypeOf(label));
    }

    private static TableDefinition resolveTable(Engine engine, String arn) {
        int s = arn == null ? -1 : arn.indexOf("/stream/");
        int t = arn == null ? -1 : arn.indexOf(":table/");
        if (s < 0 || t < 0 || t > s) throw notFound(arn);
        String table = arn.substring(t + ":table/".length(), s);
        String label = arn.substring(s + "/stream/".length());
        TableCatalog.Entry e = engine.catalog().find(table);
        if (e == null || !e.definition().stream().knows(label)) throw notFound(arn);
        return e.definition();
    }

    static DynamoException notFound(String arn) {
        return DynamoException.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
    }

    /** Shard ids in the service's shape: shardId-<20 digits>-<8 hex>. */
    static String shardId(TableDefinition t, String label, int shard) {
        long h = io.basalt.model.KeyCodec.hash((label + "#" + t.id()).getBytes(StandardCharsets.UTF_8));
        return String.format("shardId-%020d-%08x", (long) (t.creationTime() * 1000), (int) (h + shard));
    }

    static int shardIndex(TableDefinition t, String label, String shardId) {
        for (int i = 0; i < StreamRecorder.SHARDS; i++) {
            if (shardId(t, label, i).equals(shardId)) return i;
        }
        return -1;
    }

    /** Sequence numbers as the service shows them: decimal strings that sort numerically. */
    static String sequenceNumber(long seq) {
        return String.format("%021d", seq);
    }
}
