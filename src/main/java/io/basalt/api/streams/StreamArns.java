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

    /** The table whose latest stream the ARN names; ResourceNotFoundException otherwise. */
    static TableDefinition resolve(Engine engine, String arn) {
        int s = arn == null ? -1 : arn.indexOf("/stream/");
        int t = arn == null ? -1 : arn.indexOf(":table/");
        if (s < 0 || t < 0 || t > s) throw notFound(arn);
        String table = arn.substring(t + ":table/".length(), s);
        String label = arn.substring(s + "/stream/".length());
        TableCatalog.Entry e = engine.catalog().find(table);
        if (e == null || !label.equals(e.definition().stream().label())) throw notFound(arn);
        return e.definition();
    }

    static DynamoException notFound(String arn) {
        return DynamoException.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
    }

    /** Shard ids in the service's shape: shardId-<20 digits>-<8 hex>. */
    static String shardId(TableDefinition t, int shard) {
        long h = io.basalt.model.KeyCodec.hash((t.stream().label() + "#" + t.id()).getBytes(StandardCharsets.UTF_8));
        return String.format("shardId-%020d-%08x", (long) (t.creationTime() * 1000), (int) (h + shard));
    }

    static int shardIndex(TableDefinition t, String shardId) {
        for (int i = 0; i < StreamRecorder.SHARDS; i++) {
            if (shardId(t, i).equals(shardId)) return i;
        }
        return -1;
    }

    /** Sequence numbers as the service shows them: decimal strings that sort numerically. */
    static String sequenceNumber(long seq) {
        return String.format("%021d", seq);
    }
}
