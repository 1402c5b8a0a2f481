package io.basalt.server.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.ssl.SslContext;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * A listening socket with the bounds every Basalt HTTP port shares: the connection limits (in all
 * and per address; beyond them 503), the deadlines of {@link ConnectionGuard}, TLS when given, and
 * the HTTP codec's line and header limits. The service adds its own handlers after the codec.
 */
final class Listener {
    private static final int MAX_INITIAL_LINE = 8 * 1024;
    /** The service refuses requests whose headers exceed 16 KB with 400 Bad Request. */
    private static final int MAX_HEADER_BYTES = 16 * 1024;

    private final HttpLimits limits;
    private final SslContext tls;
    /** Adds the service's handlers to an admitted connection's pipeline, given its guard. */
    private final BiConsumer<SocketChannel, ConnectionGuard> handlers;
    private final int ioThreads;
    /** Whether a connection beyond the limits is answered 503 (SDKs retry it) or closed at once. */
    private final boolean answerRefusals;
    private EventLoopGroup boss;
    private EventLoopGroup io;
    private Channel channel;
    private ConnectionLimit connections;
    /** Set first when stopping: connections accepted from then on are closed at once. */
    private volatile boolean stopping;
    /** Every open connection: stop closes them all itself before the event loops end (they could stay open otherwise). */
    private ChannelGroup open;

    Listener(HttpLimits limits, SslContext tls, int ioThreads, boolean answerRefusals, BiConsumer<SocketChannel, ConnectionGuard> handlers) {
        this.answerRefusals = answerRefusals;
        this.limits = limits;
        this.tls = tls;
        this.ioThreads = ioThreads;
        this.handlers = handlers;
    }

    void bind(String host, int port) throws InterruptedException {
        connections = new ConnectionLimit(limits.maxConnections(), limits.maxConnectionsPerSource());
        open = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
        boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        io = new MultiThreadIoEventLoopGroup(ioThreads, NioIoHandler.newFactory());
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
                            if (!answerRefusals) {
                                ch.close();
                                return;
                            }
                            if (tls != null) ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                            ch.pipeline().addLast(codec()).addLast(ConnectionLimit.refusal());
                            return;
                        }
                        ConnectionGuard guard = new ConnectionGuard(limits);
                        ch.pipeline().addLast(guard);
                        if (tls != null) ch.pipeline().addLast(tls.newHandler(ch.alloc()));
                        ch.pipeline().addLast(codec());
                        handlers.accept(ch, guard);
                    }
                });
        channel = b.bind(new InetSocketAddress(host, port)).sync().channel();
    }

    private static HttpServerCodec codec() {
        return new HttpServerCodec(MAX_INITIAL_LINE, MAX_HEADER_BYTES, 64 * 1024);
    }

    InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    int openConnections() {
        return connections.open();
    }

    /** Stops accepting: connections the kernel already queued are accepted and closed, not left unanswered. */
    void stopListening() {
        if (channel == null) return;
        stopping = true;
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        channel.close().syncUninterruptibly();
        channel = null;
    }

    /** Closes every connection and ends the event loops. */
    void closeAll() {
        if (open != null) open.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        if (boss != null) {
            boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            io.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            boss = null;
        }
    }
}
