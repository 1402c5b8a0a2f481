package io.basalt.api.streams;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableDescriptionWriter;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.StreamRecorder;
import io.basalt.model.KeyCodec;
import io.basalt.storage.Space;
import io.basalt.storage.StorageCursor;
import io.basalt.protocol.json.JsonIn;
import java.io.IOException;

/** DescribeStream: status, view type, key schema and the shards with their sequence number ranges. */
public final class DescribeStream implements Operation<DescribeStream.Request> {
    record Request(String streamArn, Long limit, String exclusiveStartShardId) {}

    private final Engine engine;

    public DescribeStream(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeStream"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Object[] f = new Object[3];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "StreamArn" -> f[0] = JsonIn.string(q);
                case "Limit" -> f[1] = JsonIn.integer(q);
                case "ExclusiveStartShardId" -> f[2] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request((String) f[0], (Long) f[1], (String) f[2]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.streamArn(), "streamArn").minLength(r.streamArn(), "streamArn", 37)
                .maxLength(r.streamArn(), "streamArn", 1024).min(r.limit(), "limit", 1).max(r.limit(), "limit", 100).check();
        StreamArns.Resolved stream = StreamArns.resolveStream(engine, r.streamArn());
        TableDefinition t = stream.table();
        String label = stream.label();
        int first = 0;
        if (r.exclusiveStartShardId() != null) first = StreamArns.shardIndex(t, label, r.exclusiveStartShardId()) + 1;
        int limit = r.limit() == null ? 100 : r.limit().intValue();
        int end = Math.min(StreamRecorder.SHARDS, first + limit);
        out.writeStartObject();
        out.writeObjectFieldStart("StreamDescription");
        out.writeStringField("StreamArn", r.streamArn());
        out.writeStringField("StreamLabel", label);
        out.writeStringField("StreamStatus", stream.enabled() ? "ENABLED" : "DISABLED");
        if (stream.viewType() != null) out.writeStringField("StreamViewType", stream.viewType());
        out.writeNumberField("CreationRequestDateTime", t.creationTime());
        out.writeStringField("TableName", t.name());
        TableDescriptionWriter.writeKeySchema(out, t.keys());
        out.writeArrayFieldStart("Shards");
        for (int i = first; i < end; i++) {
            out.writeStartObject();
            out.writeStringField("ShardId", StreamArns.shardId(t, label, i));
            out.writeObjectFieldStart("SequenceNumberRange");
            out.writeStringField("StartingSequenceNumber", StreamArns.sequenceNumber(firstSequence(t, label, i)));
            if (!stream.enabled()) {
                out.writeStringField("EndingSequenceNumber", StreamArns.sequenceNumber(engine.streams().readableSequence(t.id(), label, i)));
            }
            out.writeEndObject();
            out.writeEndObject();
        }
        out.writeEndArray();
        if (end < StreamRecorder.SHARDS) out.writeStringField("LastEvaluatedShardId", StreamArns.shardId(t, label, end - 1));
        out.writeEndObject();
        out.writeEndObject();
    }

    private long firstSequence(TableDefinition t, String label, int shard) {
        byte[] p = StreamRecorder.shardPrefix(t.id(), label, shard);
        try (StorageCursor c = engine.storage().scan(Space.STREAMS, p, KeyCodec.prefixEnd(p), false)) {
            return c.next() ? StreamRecorder.sequenceOf(c.key()) : 1;
        }
    }
}
