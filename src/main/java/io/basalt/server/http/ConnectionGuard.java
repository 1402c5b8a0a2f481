package io.basalt.server.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First handler of a connection, its deadlines: a new connection must send a request's headers within
 * the header timeout (one that sends nothing holds no slot for long), so must a request from its first
 * byte; a request must arrive within the request timeout of its first byte, and its body may not pause
 * for longer than the body timeout (a request whose body stalls gets 408, not silence); a connection
 * idle between requests is closed after the idle timeout. One timer per request checks the first
 * three. All methods run on the connection's event loop.
 */
final class ConnectionGuard extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionGuard.class);

    private enum Phase {
        /** Open, nothing received yet. */
        NEW,
        /** A request's headers are arriving. */
        HEADERS,
        /** A request's body is arriving. */
        BODY,
        /** No request is arriving (being answered, or idle). */
        BETWEEN
    }

    private final long requestNanos;
    private final long idleMillis;
    private final long headerNanos;
    private final long bodyNanos;
    private ChannelHandlerContext ctx;
    private Phase phase = Phase.NEW;
    /** When the connection opened (NEW) or the request's first byte came. */
    private long startedNanos;
    private long lastReadNanos;
    private ScheduledFuture<?> deadline;
    private ScheduledFuture<?> idleDeadline;

    ConnectionGuard(HttpLimits limits) {
        this.requestNanos = limits.requestTimeout().toNanos();
        this.idleMillis = limits.idleTimeout().toMillis();
        this.headerNanos = limits.headerTimeout().toNanos();
        this.bodyNanos = limits.bodyTimeout().toNanos();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        startedNanos = System.nanoTime();
        deadline = ctx.executor().schedule(this::check, headerNanos, TimeUnit.NANOSECONDS);
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        lastReadNanos = System.nanoTime();
        if (phase == Phase.NEW) {
            phase = Phase.HEADERS; // the connection's deadline stands: headers within the header timeout of opening
        } else if (phase == Phase.BETWEEN) {
            phase = Phase.HEADERS;
            startedNanos = lastReadNanos;
            idleDeadline = cancel(idleDeadline);
            deadline = cancel(deadline);
            deadline = ctx.executor().schedule(this::check, headerNanos, TimeUnit.NANOSECONDS);
        }
        super.channelRead(ctx, msg);
    }

    /** The headers of the request being received are complete: from now on its body is timed. */
    void headersReceived() {
        phase = Phase.BODY;
    }

    /** The request being received is complete. */
    void requestReceived() {
        phase = Phase.BETWEEN;
        deadline = cancel(deadline);
    }

    /** A request is being processed: not idle. */
    void busy() {
        idleDeadline = cancel(idleDeadline);
    }

    /** Every request has been answered: idle from now on. */
    void quiet() {
        if (phase != Phase.BETWEEN || idleDeadline != null) return;
        idleDeadline = ctx.executor().schedule(() -> {
            LOG.debug("Closing connection {}: idle for {} ms", ctx.channel().remoteAddress(), idleMillis);
            ctx.close();
        }, idleMillis, TimeUnit.MILLISECONDS);
    }

    private void check() {
        deadline = null;
        long now = System.nanoTime();
        switch (phase) {
            case BETWEEN -> { }
            case NEW, HEADERS -> {
                long left = startedNanos + headerNanos - now;
                if (left > 0) {
                    deadline = ctx.executor().schedule(this::check, left, TimeUnit.NANOSECONDS);
                } else {
                    LOG.debug("Closing connection {}: no complete request headers within {} ms", ctx.channel().remoteAddress(),
                            TimeUnit.NANOSECONDS.toMillis(headerNanos));
                    ctx.close();
                }
            }
            case BODY -> {
                long left = Math.min(startedNanos + requestNanos - now, lastReadNanos + bodyNanos - now);
                if (left > 0) {
                    deadline = ctx.executor().schedule(this::check, left, TimeUnit.NANOSECONDS);
                } else {
                    timedOut();
                }
            }
        }
    }

    /** A request whose headers arrived but whose body did not (in time): 408, then the connection closes. */
    private void timedOut() {
        LOG.debug("Answering 408 and closing connection {}: the request body stalled or took too long", ctx.channel().remoteAddress());
        requestReceived();
        FullHttpResponse res = HttpResponses.response(HttpResponseStatus.REQUEST_TIMEOUT, Unpooled.EMPTY_BUFFER, null, RequestIds.next());
        res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        // through the whole pipeline (codec, TLS) from its tail
        ctx.channel().writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        deadline = cancel(deadline);
        idleDeadline = cancel(idleDeadline);
        phase = Phase.BETWEEN;
        super.channelInactive(ctx);
    }

    private static ScheduledFuture<?> cancel(ScheduledFuture<?> f) {
        if (f != null) f.cancel(false);
        return null;
    }
}
