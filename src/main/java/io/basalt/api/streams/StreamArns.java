package io.basalt.api.streams;

import io.basalt.api.RequestContext;
import io.basalt.api.common.ResourceArns;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.DeletedStreams;
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

    /**
     * The stream (current or earlier) the ARN names: ValidationException unless the text is a stream
     * ARN exactly as the service writes them (api.common.ResourceArns#stream), ResourceNotFoundException
     * when no such stream is known.
     */
    static Resolved resolveStream(Engine engine, RequestContext ctx, String arn) {
        ResourceArns.StreamRef ref = ResourceArns.stream(arn);
        String namespace = ctx.namespace(ref.account(), ref.region());
        TableCatalog.Entry e = engine.catalog().find(namespace, ref.table());
        TableDefinition t;
        if (e != null && e.definition().stream().knows(ref.label())) {
            t = e.definition();
        } else {
            // a deleted table's stream stays for 24 hours (DDB-TABLE-378, live 2026-10-09)
            DeletedStreams.Deleted d = engine.deletedStreams().find(namespace, ref.table(), ref.label());
            if (d == null) throw notFound(arn);
            t = d.table();
        }
        return new Resolved(t, ref.label(), ref.label().equals(t.stream().label()), t.stream().viewTypeOf(ref.label()));
    }

    static DynamoException notFound(String arn) {
        return DynamoException.resourceNotFound("Requested resource not found: Stream: " + arn + " not found");
    }

    /** Shard ids in the service's shape: shardId-<20 digits: when it opened>-<8 hex>. */
    static String shardId(TableDefinition t, String label, StreamRecorder.StreamShard shard) {
        long h = io.basalt.model.KeyCodec.hash((label + "#" + t.id() + "#" + shard.generation()).getBytes(StandardCharsets.UTF_8));
        return String.format("shardId-%020d-%08x", shard.openedMillis(), (int) (h + shard.slot()));
    }

    /** The shard a shard id names, listed or not (a parent past retention still resolves), or null. */
    static StreamRecorder.StreamShard findShard(Engine engine, Resolved stream, String shardId) {
        TableDefinition t = stream.table();
        StreamRecorder recorder = engine.streams();
        for (int i = 0; ; i++) {
            StreamRecorder.StreamShard s = recorder.shard(t.id(), stream.label(), stream.enabled(), i);
            if (s == null) return null;
            if (shardId(t, stream.label(), s).equals(shardId)) return s;
        }
    }

    /**
     * Sequence numbers as clients see them: decimal strings that sort numerically, unique within
     * the stream (a slot's own numbering, interleaved with the other slots').
     */
    static String sequenceNumber(long seq, int slot) {
        return String.format("%021d", seq * StreamRecorder.SHARDS + slot);
    }

    /** A slot's own sequence number from what clients see, or -1 when it is not one of the slot's. */
    static long slotSequence(String sequenceNumber, int slot) {
        long n;
        try {
            n = Long.parseLong(sequenceNumber);
        } catch (NumberFormatException e) {
            return -1;
        }
        return n >= 0 && n % StreamRecorder.SHARDS == slot ? n / StreamRecorder.SHARDS : -1;
    }
}
