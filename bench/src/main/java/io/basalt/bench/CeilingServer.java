package io.basalt.bench;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The ceiling: a Netty HTTP server that answers every DynamoDB request with a fixed, valid response
 * (see {@link CeilingResponses}) without looking at the request body. Whatever a real server does, it
 * cannot be faster than this over the same client and HTTP path. Runs in its own JVM so that its CPU
 * and RSS are measured like any other server's.
 */
final class CeilingServer implements AutoCloseable {
    private static final AsciiString X_AMZ_TARGET = AsciiString.cached("x-amz-target");
    private static final AsciiString X_AMZ_CRC32 = AsciiString.cached("x-amz-crc32");
    private static final AsciiString X_AMZN_REQUEST_ID = AsciiString.cached("x-amzn-RequestId");
    private static final AsciiString JSON_10 = AsciiString.cached("application/x-amz-json-1.0");

    private final EventLoopGroup group;
    private final Channel channel;

    private CeilingServer(EventLoopGroup group, Channel channel) {
        this.group = group;
        this.channel = channel;
    }

    static CeilingServer start(int port, int itemSize, int ioThreads) throws InterruptedException {
        CeilingResponses responses = new CeilingResponses(itemSize);
        Map<CeilingResponses.Fixed, ByteBuf> buffers = new HashMap<>();
        for (CeilingResponses.Fixed f : responses.all()) {
            buffers.put(f, Unpooled.unreleasableBuffer(Unpooled.directBuffer(f.body().length).writeBytes(f.body())));
        }
        Handler handler = new Handler(responses, Map.copyOf(buffers));
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(ioThreads, NioIoHandler.newFactory());
        try {
            Channel ch = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, 1024)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(16 * 1024 * 1024), handler);
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", port)).sync().channel();
            return new CeilingServer(group, ch);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully();
            throw e;
        }
    }

    int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        group.shutdownGracefully().syncUninterruptibly();
    }

    /** Stateless apart from the request counter, so one instance serves every connection. */
    @ChannelHandler.Sharable
    private static final class Handler extends SimpleChannelInboundHandler<FullHttpRequest> {
        private final CeilingResponses responses;
        private final Map<CeilingResponses.Fixed, ByteBuf> buffers;
        private final AtomicLong requests = new AtomicLong();
        private final String idPrefix = Long.toHexString(System.nanoTime()).toUpperCase() + "CEILING";

        Handler(CeilingResponses responses, Map<CeilingResponses.Fixed, ByteBuf> buffers) {
            this.responses = responses;
            this.buffers = buffers;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
            CeilingResponses.Fixed fixed = responses.forTarget(request.headers().get(X_AMZ_TARGET));
            ByteBuf body = buffers.get(fixed);
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body.duplicate());
            response.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, JSON_10)
                    .set(HttpHeaderNames.CONTENT_LENGTH, fixed.body().length)
                    .set(X_AMZ_CRC32, fixed.crc32())
                    .set(X_AMZN_REQUEST_ID, idPrefix + requests.incrementAndGet());
            boolean keepAlive = HttpUtil.isKeepAlive(request);
            if (!keepAlive) {
                response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
                ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
            } else {
                ctx.writeAndFlush(response);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
