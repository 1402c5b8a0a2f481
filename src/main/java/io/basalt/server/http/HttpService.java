package io.basalt.server.http;

import io.basalt.server.Service;
import io.basalt.server.console.ConsoleAssets;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.util.ResourceLeakDetector;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The DynamoDB HTTP endpoint: Netty event loops for I/O, a bounded worker pool for requests (the
 * event loop never blocks on storage), and the bounds of {@link HttpLimits} on what clients can make
 * it hold.
 *
 * <p>Pipeline per connection: guard (deadlines) → TLS (when serving HTTPS) → HTTP codec → 100-continue →
 * bounded body aggregation and decoding (gzip/deflate) → handler.
 */
public final class HttpService implements Service {
    private final String host;
    private final int requestedPort;
    private final RequestDispatcher dispatcher;
    private final int workers;
    private final HttpLimits limits;
    private final ConsoleRoute console = new ConsoleRoute(new ConsoleAssets());
    private ThreadPoolExecutor executor;
    private BodyBudget budget;
    private Listener listener;
    private int port;
    private SslContext tls;
    private BrowserGuards guards = BrowserGuards.NONE;
    private boolean inlineReads = true;
    private String leakDetection = "disabled";

    public HttpService(String host, int port, RequestDispatcher dispatcher, int workers) {
        this(host, port, dispatcher, workers, HttpLimits.defaults(workers));
    }

    public HttpService(String host, int port, RequestDispatcher dispatcher, int workers, HttpLimits limits) {
        this.host = host;
        this.requestedPort = port;
        this.dispatcher = dispatcher;
        this.workers = workers;
        this.limits = limits;
    }

    /**
     * Serves HTTPS instead of plain HTTP, with this certificate chain and key (PEM; the key in
     * PKCS#8 without a passphrase). Set before {@link #start}.
     *
     * @throws IllegalStateException when the files cannot be used, saying why
     */
    public HttpService tls(java.nio.file.Path certificate, java.nio.file.Path key) {
        try {
            this.tls = SslContextBuilder.forServer(certificate.toFile(), key.toFile()).build();
        } catch (javax.net.ssl.SSLException | IllegalArgumentException e) {
            throw new IllegalStateException("Cannot use the TLS certificate " + certificate + " and key " + key
                    + " (PEM; the key in PKCS#8, unencrypted: 'BEGIN PRIVATE KEY'): " + e.getMessage(), e);
        }
        return this;
    }

    /** The Host and Origin checks of browser requests (DNS rebinding, CORS); set before {@link #start}. */
    public HttpService browserGuards(BrowserGuards g) {
        this.guards = g;
        return this;
    }

    /** Whether network threads try reads from memory before handing requests to workers (default on). */
    public HttpService inlineReads(boolean on) {
        this.inlineReads = on;
        return this;
    }

    /**
     * Netty's buffer leak detection: disabled (default), simple, advanced or paranoid. Netty keeps
     * one level for the whole process, so a level other than "disabled" is applied when this service
     * starts and stays in force for every instance of the process (tests and debugging only).
     */
    public HttpService leakDetection(String level) {
        this.leakDetection = level;
        return this;
    }

    @Override
    public String name() {
        return tls == null ? "dynamodb" : "dynamodb-tls";
    }

    @Override
    public void start() throws Exception {
        // Netty samples buffers for leak reports by default, recording stack traces on the hot path:
        // off unless asked for
        ResourceLeakDetector.Level level = ResourceLeakDetector.Level.DISABLED;
        for (ResourceLeakDetector.Level l : ResourceLeakDetector.Level.values()) {
            if (l.name().equalsIgnoreCase(leakDetection.trim())) level = l;
        }
        if (level != ResourceLeakDetector.Level.DISABLED || ResourceLeakDetector.getLevel() == ResourceLeakDetector.Level.SIMPLE) {
            // SIMPLE is Netty's own default: replaced by the configured level (disabled unless asked)
            ResourceLeakDetector.setLevel(level);
        }
        AtomicInteger n = new AtomicInteger();
        executor = new ThreadPoolExecutor(workers, workers, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(limits.maxQueuedRequests()), r -> {
                    Thread t = new Thread(r, "basalt-worker-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
        budget = new BodyBudget(limits.maxBufferedBytes());
        listener = new Listener(limits, tls, Math.max(1, Runtime.getRuntime().availableProcessors()), true, (ch, guard) -> ch.pipeline()
                .addLast(new HttpServerExpectContinueHandler())
                .addLast(new RequestAggregator(limits, budget, guard))
                .addLast(new DynamoHttpHandler(dispatcher, executor, budget, guard, limits, inlineReads, console, guards)));
        listener.bind(host, requestedPort);
        port = listener.address().getPort();
    }

    @Override
    public int port() {
        return port;
    }

    /** The address the service listens on (valid after start). */
    public InetSocketAddress address() {
        return listener.address();
    }

    /** Connections open right now (for tests of the bounds). */
    int openConnections() {
        return listener.openConnections();
    }

    /** Bytes of request bodies held right now (for tests of the bounds). */
    long bufferedBytes() {
        return budget.used();
    }

    /** Stops accepting connections, lets running requests finish (up to 5 s), then closes all connections. */
    @Override
    public synchronized void stop() {
        if (listener == null) return;
        listener.stopListening();
        if (executor != null) {
            executor.shutdown();
            try {
                executor.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            executor = null;
        }
        listener.closeAll();
        listener = null;
    }
}
