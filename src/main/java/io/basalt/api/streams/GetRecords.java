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
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.model.ItemSize;
import io.basalt.model.KeyCodec;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.Map;

/**
 * GetRecords: up to Limit (1..1000) records after the iterator's position, never beyond the last
 * record whose writers have all committed, and the iterator to continue from.
 */
public final class GetRecords implements Operation<GetRecords.Request> {
    record Request(String shardIterator, Long limit) {}

    private final Engine engine;

    public GetRecords(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "GetRecords"; }

    private static final Member<String> SHARD_ITERATOR = Member.string("ShardIterator");
    private static final Member<Long> LIMIT = Member.integer("Limit");
    private static final Structure SHAPE = Structure.of(SHARD_ITERATOR, LIMIT);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(SHARD_ITERATOR), m.get(LIMIT));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.shardIterator(), "shardIterator").minLength(r.shardIterator(), "shardIterator", 1)
                .maxLength(r.shardIterator(), "shardIterator", 2048).min(r.limit(), "limit", 1).max(r.limit(), "limit", 1000).check();
        ShardIterators.Position pos = ShardIterators.decode(engine.storeSecret(), r.shardIterator(), engine.clock().millis());
        StreamArns.Resolved stream = StreamArns.resolveStream(engine, ctx, pos.streamArn());
        TableDefinition t = stream.table();
        String label = stream.label();
        int limit = r.limit() == null ? 1000 : r.limit().intValue();
        StreamRecorder.StreamShard shard = engine.streams().shard(t.id(), label, stream.enabled(), pos.shard());
        if (shard == null) throw DynamoException.validation("Invalid ShardIterator");
        int slot = shard.slot();
        long readable = Math.min(engine.streams().readableSequence(t.id(), label, slot), shard.lastRecordSequence());
        long horizon = engine.streams().trimHorizon(t.id(), label, slot);
        if (!pos.fromTrimHorizon() && pos.after() + 1 < horizon) throw ShardIterators.trimmed();
        long last = Math.max(pos.after(), shard.startSequence() - 1);
        out.writeStartObject();
        out.writeArrayFieldStart("Records");
        if (last < readable) {
            long[] lastRead = {last};
            int n = engine.streams().readRecords(t.id(), label, slot, last + 1, readable + 1, limit, (seq, rec) -> {
                writeRecord(out, ctx, t, label, stream.viewType(), slot, seq, rec);
                lastRead[0] = seq;
            });
            last = lastRead[0];
            if (n < limit) last = readable; // nothing more up to the readable end: skip gaps left by aborted writes
        }
        out.writeEndArray();
        // a closed shard read to its end has no next iterator: the consumer moves on to its children
        boolean drained = shard.closed() && last >= shard.lastRecordSequence();
        if (!drained) out.writeStringField("NextShardIterator", ShardIterators.encode(engine.storeSecret(), engine.clock().millis(), pos.streamArn(), pos.shard(), last));
        out.writeEndObject();
    }

    private static void writeRecord(JsonGenerator out, RequestContext ctx, TableDefinition t, String label, String viewType,
                                    int slot, long seq, Map<String, AttributeValue> rec) throws IOException {
        out.writeStartObject();
        String sequenceNumber = StreamArns.sequenceNumber(seq, slot);
        out.writeStringField("eventID", Long.toHexString(KeyCodec.hash((label + "#" + t.id() + "#" + sequenceNumber).getBytes()))
                + Long.toHexString(seq * StreamRecorder.SHARDS + slot));
        out.writeStringField("eventName", ((AttributeValue.S) rec.get("e")).value());
        out.writeStringField("eventVersion", "1.1");
        out.writeStringField("eventSource", "aws:dynamodb");
        out.writeStringField("awsRegion", ctx.region());
        if (rec.get("u") != null) {
            out.writeObjectFieldStart("userIdentity");
            out.writeStringField("Type", "Service");
            out.writeStringField("PrincipalId", ((AttributeValue.S) rec.get("u")).value());
            out.writeEndObject();
        }
        out.writeObjectFieldStart("dynamodb");
        out.writeNumberField("ApproximateCreationDateTime", ((AttributeValue.N) rec.get("t")).value().value());
        Map<String, AttributeValue> keys = ((AttributeValue.M) rec.get("k")).value();
        out.writeFieldName("Keys");
        AttributeValueJson.writeItem(out, keys);
        long size = ItemSize.of(keys);
        if (rec.get("n") != null) {
            Map<String, AttributeValue> img = ((AttributeValue.M) rec.get("n")).value();
            out.writeFieldName("NewImage");
            AttributeValueJson.writeItem(out, img);
            size += ItemSize.of(img);
        }
        if (rec.get("o") != null) {
            Map<String, AttributeValue> img = ((AttributeValue.M) rec.get("o")).value();
            out.writeFieldName("OldImage");
            AttributeValueJson.writeItem(out, img);
            size += ItemSize.of(img);
        }
        out.writeStringField("SequenceNumber", StreamArns.sequenceNumber(seq, slot));
        out.writeNumberField("SizeBytes", size);
        out.writeStringField("StreamViewType", viewType == null ? "KEYS_ONLY" : viewType);
        out.writeEndObject();
        out.writeEndObject();
    }
}
