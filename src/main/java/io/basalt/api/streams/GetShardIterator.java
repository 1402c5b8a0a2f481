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
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/** GetShardIterator: TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER. */
public final class GetShardIterator implements Operation<GetShardIterator.Request> {
    record Request(String streamArn, String shardId, String shardIteratorType, String sequenceNumber) {}

    private final Engine engine;

    public GetShardIterator(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "GetShardIterator"; }

    private static final Member<String> STREAM_ARN = Member.string("StreamArn");
    private static final Member<String> SHARD_ID = Member.string("ShardId");
    private static final Member<String> SHARD_ITERATOR_TYPE = Member.string("ShardIteratorType");
    private static final Member<String> SEQUENCE_NUMBER = Member.string("SequenceNumber");
    private static final Structure SHAPE = Structure.of(STREAM_ARN, SHARD_ID, SHARD_ITERATOR_TYPE, SEQUENCE_NUMBER);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(STREAM_ARN), m.get(SHARD_ID), m.get(SHARD_ITERATOR_TYPE), m.get(SEQUENCE_NUMBER));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        // the member constraints of the API reference (StreamArn 37-1024, ShardId 28-65, SequenceNumber 21-40), before any lookup
        new Constraints().notNull(r.streamArn(), "streamArn").minLength(r.streamArn(), "streamArn", 37).maxLength(r.streamArn(), "streamArn", 1024)
                .notNull(r.shardId(), "shardId").minLength(r.shardId(), "shardId", 28).maxLength(r.shardId(), "shardId", 65)
                .notNull(r.shardIteratorType(), "shardIteratorType")
                .enumValue(r.shardIteratorType(), "shardIteratorType", "[TRIM_HORIZON, LATEST, AT_SEQUENCE_NUMBER, AFTER_SEQUENCE_NUMBER]")
                .minLength(r.sequenceNumber(), "sequenceNumber", 21).maxLength(r.sequenceNumber(), "sequenceNumber", 40).check();
        StreamArns.Resolved stream = StreamArns.resolveStream(engine, ctx, r.streamArn());
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
        out.writeStringField("ShardIterator", ShardIterators.encode(engine.storeSecret(), engine.clock().millis(), r.streamArn(), shard.index(), after,
                r.shardIteratorType().equals("TRIM_HORIZON")));
        out.writeEndObject();
    }
}
