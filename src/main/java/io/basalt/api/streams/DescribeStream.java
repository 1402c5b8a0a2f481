package io.basalt.api.streams;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableDescriptionWriter;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.StreamLabels;
import io.basalt.engine.stream.StreamRecorder;
import io.basalt.error.DynamoException;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** DescribeStream: status, view type, key schema and the shards with their sequence number ranges. */
public final class DescribeStream implements Operation<DescribeStream.Request> {
    record Request(String streamArn, Long limit, String exclusiveStartShardId, String filterType, String filterShardId) {}

    private final Engine engine;

    public DescribeStream(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "DescribeStream"; }

    private static final Member<String> STREAM_ARN = Member.string("StreamArn");
    private static final Member<Long> LIMIT = Member.integer("Limit");
    private static final Member<String> EXCLUSIVE_START_SHARD_ID = Member.string("ExclusiveStartShardId");
    private static final Member<String> FILTER_TYPE = Member.string("Type");
    private static final Member<String> FILTER_SHARD_ID = Member.string("ShardId");
    private static final Member<Members> SHARD_FILTER =
            Member.structure("ShardFilter", Structure.of(FILTER_TYPE, FILTER_SHARD_ID));
    private static final Structure SHAPE = Structure.of(STREAM_ARN, LIMIT, EXCLUSIVE_START_SHARD_ID, SHARD_FILTER);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        Members filter = m.get(SHARD_FILTER);
        return new Request(m.get(STREAM_ARN), m.get(LIMIT), m.get(EXCLUSIVE_START_SHARD_ID),
                filter == null ? null : filter.get(FILTER_TYPE), filter == null ? null : filter.get(FILTER_SHARD_ID));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().notNull(r.streamArn(), "streamArn").minLength(r.streamArn(), "streamArn", 37)
                .maxLength(r.streamArn(), "streamArn", 1024).min(r.limit(), "limit", 1).max(r.limit(), "limit", 100)
                .minLength(r.exclusiveStartShardId(), "exclusiveStartShardId", 28).maxLength(r.exclusiveStartShardId(), "exclusiveStartShardId", 65)
                .enumValue(r.filterType(), "shardFilter.type", "[CHILD_SHARDS]")
                .notNull(r.filterShardId() != null && r.filterType() == null ? null : "", "shardFilter.type")
                .minLength(r.filterShardId(), "shardFilter.shardId", 28).maxLength(r.filterShardId(), "shardFilter.shardId", 65).check();
        StreamArns.Resolved stream = StreamArns.resolveStream(engine, ctx, r.streamArn());
        TableDefinition t = stream.table();
        String label = stream.label();
        if (stream.current()) engine.streams().rollOverIfDue(t);
        List<StreamRecorder.StreamShard> shards = engine.streams().shards(t.id(), label, stream.enabled());
        if (r.filterType() != null || r.filterShardId() != null) shards = children(t, label, shards, r.filterShardId());
        int first = 0;
        if (r.exclusiveStartShardId() != null) {
            for (int i = 0; i < shards.size(); i++) {
                if (StreamArns.shardId(t, label, shards.get(i)).equals(r.exclusiveStartShardId())) first = i + 1;
            }
        }
        int limit = r.limit() == null ? 100 : r.limit().intValue();
        int end = Math.min(shards.size(), first + limit);
        out.writeStartObject();
        out.writeObjectFieldStart("StreamDescription");
        out.writeStringField("StreamArn", r.streamArn());
        out.writeStringField("StreamLabel", label);
        out.writeStringField("StreamStatus", stream.current()
                ? t.stream().status(engine.times().statusDelayMillis(), engine.clock().millis()) : "DISABLED");
        if (stream.viewType() != null) out.writeStringField("StreamViewType", stream.viewType());
        out.writeNumberField("CreationRequestDateTime", StreamLabels.millisOf(label) / 1000.0);
        out.writeStringField("TableName", t.name());
        TableDescriptionWriter.writeKeySchema(out, t.keys());
        out.writeArrayFieldStart("Shards");
        for (int i = first; i < end; i++) writeShard(out, t, label, shards.get(i));
        out.writeEndArray();
        if (end < shards.size()) out.writeStringField("LastEvaluatedShardId", StreamArns.shardId(t, label, shards.get(end - 1)));
        out.writeEndObject();
        out.writeEndObject();
    }

    /** ShardFilter CHILD_SHARDS: the shards whose parent is the given shard. */
    private List<StreamRecorder.StreamShard> children(TableDefinition t, String label, List<StreamRecorder.StreamShard> shards,
                                                   String parentShardId) {
        if (parentShardId == null) {
            throw DynamoException.validation("ShardFilter.ShardId must be specified when ShardFilter.Type is CHILD_SHARDS");
        }
        List<StreamRecorder.StreamShard> out = new ArrayList<>();
        for (StreamRecorder.StreamShard s : shards) {
            if (parentShardId.equals(parentId(t, label, s))) out.add(s);
        }
        return out;
    }

    /** The parent's shard id (the same slot's shard one generation earlier), or null. */
    private String parentId(TableDefinition t, String label, StreamRecorder.StreamShard s) {
        if (s.parentIndex() < 0) return null;
        return StreamArns.shardId(t, label, engine.streams().shard(t.id(), label, true, s.parentIndex()));
    }

    private void writeShard(JsonGenerator out, TableDefinition t, String label, StreamRecorder.StreamShard s) throws IOException {
        out.writeStartObject();
        out.writeStringField("ShardId", StreamArns.shardId(t, label, s));
        out.writeObjectFieldStart("SequenceNumberRange");
        out.writeStringField("StartingSequenceNumber", StreamArns.sequenceNumber(s.startSequence(), s.slot()));
        if (s.closed()) out.writeStringField("EndingSequenceNumber", StreamArns.sequenceNumber(s.endSequence(), s.slot()));
        out.writeEndObject();
        String parent = parentId(t, label, s);
        if (parent != null) out.writeStringField("ParentShardId", parent);
        out.writeEndObject();
    }
}
