package io.basalt.server.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First handler of a connection, its deadlines: a new connection must send a request's headers within
 * the header timeout (one that sends nothing holds no slot for long), a request must arrive within the
 * request timeout of its first byte, its body may not pause for longer than the body timeout (then it
 * gets 408, not silence), and a connection idle between requests is closed after the idle timeout.
 * All methods run on the connection's event loop.
 */
final class ConnectionGuard extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionGuard.class);

    private final Duration requestTimeout;
    private final Duration idleTimeout;
    private final Duration headerTimeout;
    private final long bodyTimeoutNanos;
    private ChannelHandlerContext ctx;
    private boolean receiving;
    /** The request being received has sent its headers: a stall from now on is answered with 408. */
    private boolean inBody;
    private long lastReadNanos;
    private ScheduledFuture<?> requestDeadline;
    private ScheduledFuture<?> idleDeadline;
    private ScheduledFuture<?> headerDeadline;
    private ScheduledFuture<?> bodyCheck;

    ConnectionGuard(HttpLimits limits) {
        this.requestTimeout = limits.requestTimeout();
        this.idleTimeout = limits.idleTimeout();
        this.headerTimeout = limits.headerTimeout();
        this.bodyTimeoutNanos = limits.bodyTimeout().toNanos();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        // a new connection owes its first request's headers within the header timeout
        headerDeadline = schedule(headerTimeout, "no request headers within " + headerTimeout.toMillis() + " ms");
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        lastReadNanos = System.nanoTime();
        if (!receiving) {
            receiving = true;
            idleDeadline = cancel(idleDeadline);
            if (headerDeadline == null) {
                headerDeadline = schedule(headerTimeout, "request headers not complete within " + headerTimeout.toMillis() + " ms");
            }
            requestDeadline = ctx.executor().schedule(this::requestTooSlow, requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
        }
        super.channelRead(ctx, msg);
    }

    /** The headers of the request being received are complete: from now on its body is timed. */
    void headersReceived() {
        headerDeadline = cancel(headerDeadline);
        inBody = true;
        bodyCheck = cancel(bodyCheck);
        bodyCheck = ctx.executor().schedule(this::checkBody, bodyTimeoutNanos, TimeUnit.NANOSECONDS);
    }

    /** The request being received is complete. */
    void requestReceived() {
        receiving = false;
        inBody = false;
        requestDeadline = cancel(requestDeadline);
        headerDeadline = cancel(headerDeadline);
        bodyCheck = cancel(bodyCheck);
    }

    /** A request is being processed: not idle. */
    void busy() {
        idleDeadline = cancel(idleDeadline);
    }

    /** Every request has been answered: idle from now on. */
    void quiet() {
        if (receiving || idleDeadline != null || headerDeadline != null) return;
        idleDeadline = schedule(idleTimeout, "idle for " + idleTimeout.toSeconds() + " s");
    }

    private void checkBody() {
        bodyCheck = null;
        if (!inBody) return;
        long quietFor = System.nanoTime() - lastReadNanos;
        if (quietFor < bodyTimeoutNanos) {
            bodyCheck = ctx.executor().schedule(this::checkBody, bodyTimeoutNanos - quietFor, TimeUnit.NANOSECONDS);
            return;
        }
        timedOut("request body paused for " + TimeUnit.NANOSECONDS.toMillis(bodyTimeoutNanos) + " ms");
    }

    private void requestTooSlow() {
        requestDeadline = null;
        if (inBody) {
            timedOut("request not complete within " + requestTimeout.toSeconds() + " s");
        } else {
            LOG.debug("Closing connection {}: request not complete within {} s", ctx.channel().remoteAddress(), requestTimeout.toSeconds());
            ctx.close();
        }
    }

    /** A request whose headers arrived but whose body did not: 408, then the connection closes. */
    private void timedOut(String why) {
        LOG.debug("Answering 408 and closing connection {}: {}", ctx.channel().remoteAddress(), why);
        requestReceived();
        FullHttpResponse res = HttpResponses.response(HttpResponseStatus.REQUEST_TIMEOUT, Unpooled.EMPTY_BUFFER, null, RequestIds.next());
        res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        // through the whole pipeline (codec, TLS) from its tail
        ctx.channel().writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        requestDeadline = cancel(requestDeadline);
        idleDeadline = cancel(idleDeadline);
        headerDeadline = cancel(headerDeadline);
        bodyCheck = cancel(bodyCheck);
        inBody = false;
        super.channelInactive(ctx);
    }

    private ScheduledFuture<?> schedule(Duration after, String why) {
        return ctx.executor().schedule(() -> {
            LOG.debug("Closing connection {}: {}", ctx.channel().remoteAddress(), why);
            ctx.close();
        }, after.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static ScheduledFuture<?> cancel(ScheduledFuture<?> f) {
        if (f != null) f.cancel(false);
        return null;
    }
}
