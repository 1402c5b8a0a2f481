package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.transfer.Transfer;
import io.basalt.engine.transfer.Transfers;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/** DescribeExport / DescribeImport and ListExports / ListImports: one shape each, over their registry. */
final class TransferOperations {
    private TransferOperations() {}

    /** Writes one transfer's JSON. */
    interface Writer<R> {
        void write(JsonGenerator g, R r) throws IOException;
    }

    /** Describe: the transfer an ARN names (ExportArn or ImportArn), or its not-found error. */
    abstract static class Describe<R extends Transfer> implements Operation<String> {
        private final String name;
        private final Member<String> arn;
        private final String path;
        private final Transfers<R> registry;
        private final Writer<R> writer;

        Describe(String name, String arnMember, Transfers<R> registry, Writer<R> writer) {
            this.name = name;
            this.arn = Member.string(arnMember);
            this.path = Character.toLowerCase(arnMember.charAt(0)) + arnMember.substring(1);
            this.registry = registry;
            this.writer = writer;
        }

        @Override public String name() { return name; }

        @Override
        public String parse(JsonParser p) throws IOException {
            return Structure.of(arn).readOrEmpty(p).get(arn);
        }

        @Override
        public void execute(RequestContext ctx, String a, JsonGenerator out) throws IOException {
            new Constraints().notNull(a, path).minLength(a, path, 37).maxLength(a, path, 1024).check();
            R r = registry.require(ctx.namespace(), a);
            out.writeStartObject();
            writer.write(out, r);
            out.writeEndObject();
        }
    }

    record ListRequest(String tableArn, Long size, String nextToken) {}

    /** List: the namespace's transfers (of one table with TableArn), newest first, pages of 1 to 25 (10 by default, as the service's). */
    abstract static class ListAll<R extends Transfer> implements Operation<ListRequest> {
        private static final Member<String> TABLE_ARN = Member.string("TableArn");
        private static final Member<String> NEXT = Member.string("NextToken");
        private final String name;
        private final Member<Long> size;
        private final String sizePath;
        private final String listName;
        private final Transfers<R> registry;
        private final Writer<R> summary;

        ListAll(String name, String sizeMember, String listName, Transfers<R> registry, Writer<R> summary) {
            this.name = name;
            this.size = Member.integer(sizeMember);
            this.sizePath = Character.toLowerCase(sizeMember.charAt(0)) + sizeMember.substring(1);
            this.listName = listName;
            this.registry = registry;
            this.summary = summary;
        }

        @Override public String name() { return name; }

        @Override
        public ListRequest parse(JsonParser p) throws IOException {
            Members m = Structure.of(TABLE_ARN, size, NEXT).readOrEmpty(p);
            return new ListRequest(m.get(TABLE_ARN), m.get(size), m.get(NEXT));
        }

        @Override
        public void execute(RequestContext ctx, ListRequest r, JsonGenerator out) throws IOException {
            new Constraints().minLength(r.tableArn(), "tableArn", 1).maxLength(r.tableArn(), "tableArn", 1024)
                    .min(r.size(), sizePath, 1).max(r.size(), sizePath, 25).check();
            var page = registry.page(ctx.namespace(), r.tableArn(), r.nextToken(), r.size() == null ? 10 : r.size().intValue());
            out.writeStartObject();
            out.writeArrayFieldStart(listName);
            for (R e : page.items()) summary.write(out, e);
            out.writeEndArray();
            if (page.nextToken() != null) out.writeStringField("NextToken", page.nextToken());
            out.writeEndObject();
        }
    }
}
