package io.basalt.api.streams;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.StreamRecorder;
import io.basalt.error.DynamoException;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/** GetShardIterator: TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER. */
public final class GetShardIterator implements Operation<GetShardIterator.Request> {
    record Request(String streamArn, String shardId, String shardIteratorType, String sequenceNumber) {}

    private final Engine engine;

    public GetShardIterator(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "GetShardIterator"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        String[] f = new String[4];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "StreamArn" -> f[0] = JsonIn.string(q);
                case "ShardId" -> f[1] = JsonIn.string(q);
                case "ShardIteratorType" -> f[2] = JsonIn.string(q);
                case "SequenceNumber" -> f[3] = JsonIn.string(q);
                default -> JsonIn.skip(q);
            }
        });
        return new Request(f[0], f[1], f[2], f[3]);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.streamArn(), "streamArn").notNull(r.shardId(), "shardId")
                .notNull(r.shardIteratorType(), "shardIteratorType")
                .enumValue(r.shardIteratorType(), "shardIteratorType", "[TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]").check();
        StreamArns.Resolved stream = StreamArns.resolveStream(engine, r.streamArn());
        TableDefinition t = stream.table();
        String label = stream.label();
        StreamRecorder.StreamShard shard = StreamArns.findShard(engine, stream, r.shardId());
        if (shard == null) {
            throw DynamoException.resourceNotFound("Requested resource not found: Shard does not exist");
        }
        boolean needsSequence = r.shardIteratorType().endsWith("SEQUENCE_NUMBER");
        if (needsSequence && r.sequenceNumber() == null) {
            throw DynamoException.validation("SequenceNumber is required for ShardIteratorType " + r.shardIteratorType());
        }
        int slot = shard.slot();
        long after;
        switch (r.shardIteratorType()) {
            case "TRIM_HORIZON" -> after = shard.startSequence() - 1;
            // LATEST on a closed shard is its end: the first GetRecords finds it drained
            case "LATEST" -> after = Math.min(engine.streams().readableSequence(t.id(), label, slot), shard.lastRecordSequence());
            default -> {
                long seq = StreamArns.slotSequence(r.sequenceNumber(), slot);
                if (seq < 0) throw DynamoException.validation("Invalid SequenceNumber: " + r.sequenceNumber());
                after = r.shardIteratorType().equals("AT_SEQUENCE_NUMBER") ? seq - 1 : seq;
                if (after + 1 < engine.streams().trimHorizon(t.id(), label, slot)) throw ShardIterators.trimmed();
            }
        }
        out.writeStartObject();
        out.writeStringField("ShardIterator", ShardIterators.encode(engine.clock().millis(), r.streamArn(), shard.index(), after,
                r.shardIteratorType().equals("TRIM_HORIZON")));
        out.writeEndObject();
    }
}
