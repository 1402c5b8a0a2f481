package io.basalt.api.streams;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.stream.DeletedStreams;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** ListStreams: the streams of all tables, or of one table; Limit and ExclusiveStartStreamArn paging. */
public final class ListStreams implements Operation<ListStreams.Request> {
    record Request(String tableName, Long limit, String exclusiveStartStreamArn) {}

    private final Engine engine;

    public ListStreams(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ListStreams"; }

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<Long> LIMIT = Member.integer("Limit");
    private static final Member<String> EXCLUSIVE_START_STREAM_ARN = Member.string("ExclusiveStartStreamArn");
    private static final Structure SHAPE = Structure.of(TABLE_NAME, LIMIT, EXCLUSIVE_START_STREAM_ARN);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_NAME), m.get(LIMIT), m.get(EXCLUSIVE_START_STREAM_ARN));
    }

    /** A table's streams, earlier ones first. */
    private static void addStreams(TableDefinition t, List<TableDefinition> streams, List<String> labels) {
        if (t.stream().label() == null) return;
        for (String label : t.stream().previousLabels()) {
            streams.add(t);
            labels.add(label);
        }
        streams.add(t);
        labels.add(t.stream().label());
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        new Constraints().tableName(r.tableName(), "tableName").min(r.limit(), "limit", 1).max(r.limit(), "limit", 100).check();
        List<TableDefinition> streams = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        // deleted tables' streams are listed for 24 hours, before those of a table of the same name
        // created since (DDB-TABLE-378, live 2026-10-09)
        java.util.Map<String, List<TableDefinition>> deleted = new java.util.HashMap<>();
        for (DeletedStreams.Deleted d : engine.deletedStreams().of(ctx.namespace())) {
            deleted.computeIfAbsent(d.table().name(), k -> new ArrayList<>()).add(d.table());
        }
        java.util.TreeSet<String> names = new java.util.TreeSet<>(engine.catalog().names(ctx.namespace()));
        names.addAll(deleted.keySet());
        for (String name : names) {
            if (r.tableName() != null && !r.tableName().equals(name)) continue;
            for (TableDefinition t : deleted.getOrDefault(name, List.of())) addStreams(t, streams, labels);
            TableCatalog.Entry e = engine.catalog().find(ctx.namespace(), name);
            if (e != null) addStreams(e.definition(), streams, labels);
        }
        if (r.exclusiveStartStreamArn() != null && !io.basalt.api.common.ResourceArns.isStream(r.exclusiveStartStreamArn())) {
            throw io.basalt.api.common.ResourceArns.invalidStreamArn();
        }
        int start = 0;
        if (r.exclusiveStartStreamArn() != null) {
            for (int i = 0; i < streams.size(); i++) {
                if (StreamArns.arn(ctx, streams.get(i), labels.get(i)).equals(r.exclusiveStartStreamArn())) start = i + 1;
            }
        }
        int limit = r.limit() == null ? 100 : r.limit().intValue();
        int end = Math.min(streams.size(), start + limit);
        out.writeStartObject();
        out.writeArrayFieldStart("Streams");
        for (int i = start; i < end; i++) {
            TableDefinition t = streams.get(i);
            out.writeStartObject();
            out.writeStringField("StreamArn", StreamArns.arn(ctx, t, labels.get(i)));
            out.writeStringField("TableName", t.name());
            out.writeStringField("StreamLabel", labels.get(i));
            out.writeEndObject();
        }
        out.writeEndArray();
        if (end < streams.size()) out.writeStringField("LastEvaluatedStreamArn", StreamArns.arn(ctx, streams.get(end - 1), labels.get(end - 1)));
        out.writeEndObject();
    }
}
