package io.basalt.server.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First handler of a connection: closes it when a request takes longer than the request timeout to
 * arrive (slow or stalled clients), or when it stays idle between requests for the idle timeout.
 * All methods run on the connection's event loop.
 */
final class ConnectionGuard extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionGuard.class);

    private final Duration requestTimeout;
    private final Duration idleTimeout;
    private ChannelHandlerContext ctx;
    private boolean receiving;
    private ScheduledFuture<?> requestDeadline;
    private ScheduledFuture<?> idleDeadline;

    ConnectionGuard(HttpLimits limits) {
        this.requestTimeout = limits.requestTimeout();
        this.idleTimeout = limits.idleTimeout();
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        quiet();
        super.channelActive(ctx);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        if (!receiving) {
            receiving = true;
            idleDeadline = cancel(idleDeadline);
            requestDeadline = schedule(requestTimeout, "request not complete within " + requestTimeout.toSeconds() + " s");
        }
        super.channelRead(ctx, msg);
    }

    /** The request being received is complete. */
    void requestReceived() {
        receiving = false;
        requestDeadline = cancel(requestDeadline);
    }

    /** A request is being processed: not idle. */
    void busy() {
        idleDeadline = cancel(idleDeadline);
    }

    /** Every request has been answered: idle from now on. */
    void quiet() {
        if (receiving || idleDeadline != null) return;
        idleDeadline = schedule(idleTimeout, "idle for " + idleTimeout.toSeconds() + " s");
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        requestDeadline = cancel(requestDeadline);
        idleDeadline = cancel(idleDeadline);
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
