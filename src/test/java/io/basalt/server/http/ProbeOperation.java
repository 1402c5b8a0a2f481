package io.basalt.server.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.engine.query.LargeReads;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A test-only operation "Probe": echoes the request context; {"TableName":"boom"} fails with a bug
 * (a 500), {"TableName":"wait"} blocks until {@link #release} (to fill the worker pool);
 * {"TableName":"big"} takes a {@link LargeReads} slot and answers with {@link #BIG_CHARS} characters,
 * {"TableName":"bigboom"} takes a slot and then fails.
 */
public final class ProbeOperation implements Operation<String> {
    /** The slots big answers take (a test's own pool). */
    final LargeReads largeReads = new LargeReads(4);

    public static final String NAME = "Probe";
    public static final int BIG_CHARS = 300_000;
    private volatile CountDownLatch gate = new CountDownLatch(0);

    /** Makes "wait" requests block from now on. */
    public void hold() {
        gate = new CountDownLatch(1);
    }

    public void release() {
        gate.countDown();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String parse(JsonParser p) throws IOException {
        String[] table = new String[1];
        JsonIn.object(p, (name, q) -> {
            if (name.equals("TableName")) table[0] = JsonIn.string(q);
            else JsonIn.skip(q);
        });
        return table[0];
    }

    @Override
    public void execute(RequestContext ctx, String table, JsonGenerator out) throws IOException {
        if ("big".equals(table) || "bigboom".equals(table)) {
            largeReads.hold();
            if ("bigboom".equals(table)) throw new IllegalStateException("failed holding a large-read slot");
            out.writeStartObject();
            out.writeStringField("Big", "x".repeat(BIG_CHARS));
            out.writeEndObject();
            return;
        }
        if ("boom".equals(table)) throw new IllegalStateException("a bug with a secret stack trace");
        if ("wait".equals(table)) {
            try {
                gate.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        out.writeStartObject();
        out.writeStringField("Region", ctx.region());
        out.writeStringField("AccessKeyId", ctx.accessKeyId());
        out.writeStringField("TableName", table);
        out.writeEndObject();
    }
}
