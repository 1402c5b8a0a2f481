package io.basalt.protocol;

import io.basalt.Service;
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
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The DynamoDB HTTP endpoint: Netty event loops for I/O, a bounded worker pool for requests (the
 * event loop never blocks on storage), and a bounded request size.
 */
public final class HttpService implements Service {
    /** Largest accepted request body (BatchWriteItem may carry 16 MB of items plus JSON overhead). */
    public static final int MAX_BODY_BYTES = 20 * 1024 * 1024;

    private final String host;
    private final int requestedPort;
    private final RequestDispatcher dispatcher;
    private final int workers;
    private EventLoopGroup boss;
    private EventLoopGroup io;
    private ThreadPoolExecutor executor;
    private Channel channel;
    private int port;

    public HttpService(String host, int port, RequestDispatcher dispatcher, int workers) {
        this.host = host;
        this.requestedPort = port;
        this.dispatcher = dispatcher;
        this.workers = workers;
    }

    @Override
    public String name() {
        return "dynamodb";
    }

    @Override
    public void start() throws Exception {
        AtomicInteger n = new AtomicInteger();
        executor = new ThreadPoolExecutor(workers, workers, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(10_000), r -> {
                    Thread t = new Thread(r, "basalt-worker-" + n.incrementAndGet());
                    t.setDaemon(true);
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
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
                        ch.pipeline()
                                .addLast(new HttpServerCodec())
                                .addLast(new HttpServerKeepAliveHandler())
                                .addLast(new HttpContentDecompressor())
                                .addLast(new HttpObjectAggregator(MAX_BODY_BYTES))
                                .addLast(new DynamoHttpHandler(dispatcher, executor));
                    }
                });
        channel = b.bind(new InetSocketAddress(host, requestedPort)).sync().channel();
        port = ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public synchronized void stop() {
        if (channel != null) {
            channel.close().syncUninterruptibly();
            channel = null;
        }
        if (boss != null) {
            boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            io.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
            boss = null;
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
    }
}
