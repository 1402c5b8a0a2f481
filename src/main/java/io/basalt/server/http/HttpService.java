package io.basalt.server.http;

import io.basalt.server.Service;
import io.basalt.server.console.ConsoleAssets;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpContentDecompressor;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.GlobalEventExecutor;
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
 * <p>Pipeline per connection: guard (timeouts) → TLS (when serving HTTPS) → HTTP codec → 100-continue → gzip/deflate decoding →
 * bounded body aggregation → handler.
 */
public final class HttpService implements Service {
    private static final int MAX_INITIAL_LINE = 8 * 1024;
    /** The service refuses requests whose headers exceed 16 KB with 400 Bad Request. */
    private static final int MAX_HEADER_BYTES = 16 * 1024;

    private final String host;
    private final int requestedPort;
    private final RequestDispatcher dispatcher;
    private final int workers;
    private final HttpLimits limits;
    private final ConsoleRoute console = new ConsoleRoute(new ConsoleAssets());
    private EventLoopGroup boss;
    private EventLoopGroup io;
    private ThreadPoolExecutor executor;
    private BodyBudget budget;
    private Channel channel;
    private int port;
    private SslContext tls;
    private ConnectionLimit connections;
    /** Set first when stopping: connections accepted from then on are closed at once. */
    private volatile boolean stopping;
    /** Every open connection: stop closes them all itself before the event loops end (they could stay open otherwise). */
    private ChannelGroup open;
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
        connections = new ConnectionLimit(limits.maxConnections());
        open = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        io = new MultiThreadIoEventLoopGroup(Math.max(1, Runtime.getRuntime().availableProcessors()), NioIoHandler.newFactory());
        ServerBootstrap b = new ServerBootstrap()
                .group(boss, io)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        open.add(ch);
                        if (stopping) {
                            ch.close(); // stopping: the client sees the connection end and retries elsewhere
                            return;
                        }
                        if (!connections.admit(ch)) {
                            if (tls != null) ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                            ch.pipeline().addLast(new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADER_BYTES, 64 * 1024))
                                    .addLast(ConnectionLimit.refusal());
                            return;
                        }
                        ConnectionGuard guard = new ConnectionGuard(limits);
                        ch.pipeline().addLast(guard);
                        if (tls != null) ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        ch.pipeline()
                                .addLast(new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADER_BYTES, 64 * 1024))
                                .addLast(new HttpServerExpectContinueHandler())
                                .addLast(new HttpContentDecompressor(0))
                                .addLast(new RequestAggregator(limits, budget, guard))
                                .addLast(new DynamoHttpHandler(dispatcher, executor, budget, guard, limits, inlineReads, console));
                    }
                });
        channel = b.bind(new InetSocketAddress(host, requestedPort)).sync().channel();
        port = ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public int port() {
        return port;
    }

    /** The address the service listens on (valid after start). */
    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    /** Connections open right now (for tests of the bounds). */
    int openConnections() {
        return connections.open();
    }

    /** Bytes of request bodies held right now (for tests of the bounds). */
    long bufferedBytes() {
        return budget.used();
    }

    /** Stops accepting connections, lets running requests finish (up to 5 s), then closes all connections. */
    @Override
    public synchronized void stop() {
        if (channel != null) {
            // connections already queued by the kernel are accepted and closed rather than left
            // unanswered when the listening socket goes (clients would wait for their timeout)
            stopping = true;
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            channel.close().syncUninterruptibly();
            channel = null;
        }
        if (executor != null) {
            executor.shutdown();
            try {
                executor.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            executor = null;
        }
        if (open != null) open.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        if (boss != null) {
            boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            io.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            boss = null;
        }
    }
}
