package io.basalt.server.http;

import io.basalt.server.Service;
import io.basalt.server.auth.HttpRequestParts;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small HTTP service (the admin port) on the same footing as the API port: its {@link Listener}
 * (connection limits, header/body/idle deadlines), bounded bodies, the Host and Origin checks of
 * {@link BrowserGuards}, and a few workers with a bounded queue (beyond it, 503). Requests of a
 * connection are answered in order; the routes run on a worker, never on the event loop.
 */
public final class RoutedHttpService implements Service {
    private static final Logger LOG = LoggerFactory.getLogger(RoutedHttpService.class);
    private static final int WORKERS = 2;

    /** One request as the routes see it. */
    public record Call(String method, String rawPath, String rawQuery, HttpRequestParts request) {
        /** The first value of a header, or null. */
        public String header(String name) {
            var all = request.header(name);
            return all == null || all.isEmpty() ? null : all.get(0);
        }
    }

    /** An answer: status, media type, body and any further headers. A HEAD request's body is left out. */
    public record Answer(int status, String contentType, byte[] body, Map<String, String> headers) {
        public static Answer of(int status, String contentType, byte[] body) {
            return new Answer(status, contentType, body, Map.of());
        }

        public static Answer text(int status, String text) {
            return of(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
        }

        public Answer with(String header, String value) {
            Map<String, String> h = new LinkedHashMap<>(headers);
            h.put(header, value);
            return new Answer(status, contentType, body, h);
        }
    }

    /** What the service answers. */
    @FunctionalInterface
    public interface Routes {
        Answer answer(Call call) throws Exception;
    }

    private final String name;
    private final String host;
    private final int requestedPort;
    private final HttpLimits limits;
    private final BrowserGuards guards;
    private final Routes routes;
    private ThreadPoolExecutor executor;
    private Listener listener;
    private int port;

    public RoutedHttpService(String name, String host, int port, HttpLimits limits, BrowserGuards guards, Routes routes) {
        this.name = name;
        this.host = host;
        this.requestedPort = port;
        this.limits = limits;
        this.guards = guards;
        this.routes = routes;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void start() throws Exception {
        AtomicInteger n = new AtomicInteger();
        executor = new ThreadPoolExecutor(WORKERS, WORKERS, 60, TimeUnit.SECONDS, new ArrayBlockingQueue<>(limits.maxQueuedRequests()), r -> {
            Thread t = new Thread(r, "basalt-" + name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.AbortPolicy());
        BodyBudget budget = new BodyBudget(limits.maxBufferedBytes());
        // a connection beyond the limits is closed at once: a flood holds no descriptors
        listener = new Listener(limits, null, 1, false, (ch, guard) -> ch.pipeline()
                .addLast(new RequestAggregator(limits, budget, guard))
                .addLast(new Handler(guard, budget)));
        listener.bind(host, requestedPort);
        port = listener.address().getPort();
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    public synchronized void stop() {
        if (listener == null) return;
        listener.stopListening();
        executor.shutdownNow();
        listener.closeAll();
        listener = null;
    }

    /** One connection's requests, one at a time. State is touched only on the connection's event loop. */
    private final class Handler extends ChannelInboundHandlerAdapter {
        private final ConnectionGuard guard;
        private final BodyBudget budget;
        private final ArrayDeque<Object> waiting = new ArrayDeque<>();
        private ChannelHandlerContext ctx;
        private boolean busy;

        Handler(ConnectionGuard guard, BodyBudget budget) {
            this.guard = guard;
            this.budget = budget;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (!(msg instanceof FullHttpRequest) && !(msg instanceof RejectedRequest)) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (waiting.size() >= limits.maxPipelined()) {
                release(msg);
                ctx.close();
                return;
            }
            waiting.add(msg);
            next();
        }

        private void next() {
            if (busy) return;
            Object msg = waiting.poll();
            if (msg == null) {
                guard.quiet();
                return;
            }
            busy = true;
            guard.busy();
            if (msg instanceof RejectedRequest rejected) {
                HttpResponseStatus status = switch (rejected.reason()) {
                    case TOO_LARGE -> HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE;
                    case THROTTLED -> HttpResponseStatus.SERVICE_UNAVAILABLE;
                    case MALFORMED_HTTP -> HttpResponseStatus.BAD_REQUEST;
                    case UNDECODABLE_BODY -> HttpResponseStatus.INTERNAL_SERVER_ERROR;
                };
                send(null, Answer.text(status.code(), status.reasonPhrase() + "\n"), rejected.reason() == RejectedRequest.Reason.MALFORMED_HTTP);
                return;
            }
            FullHttpRequest req = (FullHttpRequest) msg;
            String hostHeader = req.headers().get(HttpHeaderNames.HOST);
            if (!guards.hostAllowed(hostHeader)) {
                finish(req, Answer.text(403, BrowserGuards.HOST_REFUSED));
            } else if (!guards.originAllowed(req.headers().get(HttpHeaderNames.ORIGIN), hostHeader)) {
                finish(req, Answer.text(403, BrowserGuards.ORIGIN_REFUSED));
            } else {
                try {
                    executor.execute(() -> {
                        Answer a;
                        try {
                            String uri = req.uri();
                            int q = uri.indexOf('?');
                            a = routes.answer(new Call(req.method().name(), DynamoHttpHandler.path(uri), q < 0 ? "" : uri.substring(q + 1),
                                    new NettyRequestParts(req, ctx)));
                        } catch (Throwable e) {
                            LOG.error("Internal error of the {} service", name, e);
                            a = Answer.text(500, "Internal server error\n");
                        }
                        Answer answer = a;
                        ctx.executor().execute(() -> finish(req, answer));
                    });
                } catch (RejectedExecutionException full) {
                    finish(req, Answer.text(503, "Busy, try again\n"));
                }
            }
        }

        private void finish(FullHttpRequest req, Answer a) {
            try {
                send(req, a, !HttpUtil.isKeepAlive(req));
            } finally {
                release(req);
            }
        }

        private void send(FullHttpRequest req, Answer a, boolean close) {
            boolean head = req != null && req.method().equals(HttpMethod.HEAD);
            FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(a.status()),
                    head || a.body() == null ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(a.body()));
            if (a.contentType() != null) res.headers().set(HttpHeaderNames.CONTENT_TYPE, a.contentType());
            res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, a.body() == null ? 0 : a.body().length);
            for (Map.Entry<String, String> h : a.headers().entrySet()) res.headers().set(h.getKey(), h.getValue());
            if (close) res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            ctx.writeAndFlush(res).addListener((ChannelFutureListener) f -> {
                if (close || !f.isSuccess()) {
                    f.channel().close();
                    return;
                }
                busy = false;
                next();
            });
        }

        private void release(Object msg) {
            if (msg instanceof FullHttpRequest req && req.refCnt() > 0) {
                budget.release(req.content().readableBytes());
                req.release();
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) throws Exception {
            for (Object msg; (msg = waiting.poll()) != null; ) release(msg);
            super.channelInactive(ctx);
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            LOG.debug("Closing {} connection {}: {}", name, ctx.channel().remoteAddress(), cause.toString());
            ctx.close();
        }
    }
}
