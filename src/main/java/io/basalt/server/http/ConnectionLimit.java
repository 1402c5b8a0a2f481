package io.basalt.server.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts a service's open connections, in all and per source address (so one client, or idle
 * sockets from one place, cannot take every slot). A connection beyond either limit is answered, on its first
 * request, with 503 (which every SDK retries after a back-off) and closed; one that sends nothing
 * is closed after a second. Either way it holds no worker, no body budget and no slot for long.
 */
@ChannelHandler.Sharable
final class ConnectionLimit extends ChannelInboundHandlerAdapter {
    /** The description the service's error documentation gives for HTTP 503. */
    static final String MESSAGE = "The service is currently unavailable or busy.";
    private final int max;
    private final int maxPerSource;
    private final AtomicInteger open = new AtomicInteger();
    private final java.util.concurrent.ConcurrentHashMap<java.net.InetAddress, AtomicInteger> bySource =
            new java.util.concurrent.ConcurrentHashMap<>();

    ConnectionLimit(int max, int maxPerSource) {
        this.max = max;
        this.maxPerSource = maxPerSource;
    }

    /** Whether a newly accepted connection is within the limits (then it counts until it closes). */
    boolean admit(io.netty.channel.Channel ch) {
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            return false;
        }
        java.net.InetAddress source = ch.remoteAddress() instanceof java.net.InetSocketAddress a ? a.getAddress() : null;
        if (source != null) {
            AtomicInteger mine = bySource.compute(source, (k, n) -> {
                AtomicInteger c = n == null ? new AtomicInteger() : n;
                c.incrementAndGet();
                return c;
            });
            if (mine.get() > maxPerSource) {
                release(source);
                open.decrementAndGet();
                return false;
            }
        }
        ch.closeFuture().addListener(f -> {
            if (source != null) release(source);
            open.decrementAndGet();
        });
        return true;
    }

    private void release(java.net.InetAddress source) {
        bySource.computeIfPresent(source, (k, n) -> n.decrementAndGet() <= 0 ? null : n);
    }

    int open() {
        return open.get();
    }

    /** The handler of a refused connection, after the HTTP codec. */
    static ChannelInboundHandlerAdapter refusal() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelActive(ChannelHandlerContext ctx) throws Exception {
                ctx.executor().schedule(() -> { ctx.close(); }, 1, TimeUnit.SECONDS);
                super.channelActive(ctx);
            }

            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                boolean head = msg instanceof HttpRequest;
                ReferenceCountUtil.release(msg);
                if (!head) return;
                byte[] body = ("{\"__type\":\"com.amazon.coral.service#ServiceUnavailableException\",\"message\":\"" + MESSAGE + "\"}")
                        .getBytes(StandardCharsets.UTF_8);
                FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.SERVICE_UNAVAILABLE,
                        Unpooled.wrappedBuffer(body));
                res.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpResponses.AMZ_JSON)
                        .set(HttpHeaderNames.CONTENT_LENGTH, body.length)
                        .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                        .set("x-amzn-ErrorType", "ServiceUnavailableException");
                ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
            }
        };
    }
}
