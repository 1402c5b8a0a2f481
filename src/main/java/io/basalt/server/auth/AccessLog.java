package io.basalt.server.auth;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The access log ({@code --access-log FILE}): one JSON object per line and request, enough to
 * answer "who read this table": time, request id, caller (ARN and access key), operation, the
 * resources it acted on, HTTP status, error type and latency. Lines are appended to a buffer and
 * written at least every 200 ms and when the server stops; secrets and item data never appear.
 */
public final class AccessLog implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AccessLog.class);

    /** One request, as logged. */
    public record Entry(Instant time, String requestId, Principal principal, String operation,
                        List<RequestResources.Access> resources, int status, String errorType, long latencyMicros) {}

    private final Writer out;
    private final ScheduledExecutorService flusher;
    private boolean failed;

    private AccessLog(Writer out) {
        this.out = out;
        this.flusher = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "basalt-access-log");
            t.setDaemon(true);
            return t;
        });
        flusher.scheduleWithFixedDelay(this::flush, 200, 200, TimeUnit.MILLISECONDS);
    }

    /** Appends to {@code file} (created if missing). */
    public static AccessLog open(Path file) throws IOException {
        // 0600 in directories made 0700, whatever the umask: the log names users and tables
        if (file.toAbsolutePath().getParent() != null) io.basalt.engine.PrivateFiles.createDirectories(file.toAbsolutePath().getParent());
        return new AccessLog(new java.io.BufferedWriter(new java.io.OutputStreamWriter(io.basalt.engine.PrivateFiles.newOutputStream(file,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND), StandardCharsets.UTF_8)));
    }

    public void record(Entry e) {
        String line;
        try {
            line = line(e);
        } catch (IOException impossible) {
            return;
        }
        synchronized (this) {
            if (failed) return;
            try {
                out.write(line);
                out.write('\n');
            } catch (IOException io) {
                fail(io);
            }
        }
    }

    static String line(Entry e) throws IOException {
        StringWriter w = new StringWriter(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("time", e.time().toString());
            g.writeStringField("requestId", e.requestId());
            if (e.principal() != null) {
                g.writeStringField("principal", e.principal().arn());
                g.writeStringField("accountId", e.principal().accountId());
                g.writeStringField("accessKeyId", e.principal().accessKeyId());
            }
            g.writeStringField("operation", e.operation());
            g.writeArrayFieldStart("resources");
            for (RequestResources.Access a : e.resources()) {
                g.writeStartObject();
                g.writeStringField("action", a.action());
                g.writeStringField("resource", a.resource());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeNumberField("status", e.status());
            if (e.errorType() != null) g.writeStringField("errorType", e.errorType());
            g.writeNumberField("latencyMicros", e.latencyMicros());
            g.writeEndObject();
        }
        return w.toString();
    }

    private synchronized void flush() {
        if (failed) return;
        try {
            out.flush();
        } catch (IOException io) {
            fail(io);
        }
    }

    private void fail(IOException io) {
        failed = true;
        LOG.error("The access log cannot be written any more: {}", io.toString());
    }

    @Override
    public void close() {
        flusher.shutdown();
        try {
            flusher.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (this) {
            try {
                out.close();
            } catch (IOException io) {
                LOG.warn("Closing the access log: {}", io.toString());
            }
        }
    }
}
