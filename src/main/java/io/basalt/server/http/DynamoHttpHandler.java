package io.basalt.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One connection's requests: health checks and CORS on the event loop, API calls handed to the
 * bounded worker pool. Requests of a connection are answered one at a time, in order (pipelined
 * requests wait). State is touched only on the connection's event loop.
 */
final class DynamoHttpHandler extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(DynamoHttpHandler.class);
    /** The host a health check names when the request has no Host header. */
    private static final String DEFAULT_HOST = "dynamodb." + SigV4Header.DEFAULT_REGION + ".amazonaws.com";

    /** Off (an instance setting, for comparisons): every API call goes to the worker pool. */
    private final boolean inlineReads;
    private final RequestDispatcher dispatcher;
    private final Executor executor;
    private final BodyBudget budget;
    private final ConnectionGuard guard;
    private final ConsoleRoute console;
    private final int maxPipelined;
    private final BrowserGuards guards;
    private final ArrayDeque<Object> waiting = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private boolean busy;

    DynamoHttpHandler(RequestDispatcher dispatcher, Executor executor, BodyBudget budget, ConnectionGuard guard,
                      HttpLimits limits, boolean inlineReads, ConsoleRoute console, BrowserGuards guards) {
        this.inlineReads = inlineReads;
        this.guards = guards;
        this.console = console;
        this.dispatcher = dispatcher;
        this.executor = executor;
        this.budget = budget;
        this.guard = guard;
        this.maxPipelined = limits.maxPipelined();
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
        if (waiting.size() >= maxPipelined) {
            discard(msg);
            ctx.close();
            return;
        }
        waiting.add(msg);
        next();
    }

    /** Starts the next waiting request unless one is in progress. */
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
            refuse(rejected);
        } else {
            serve((FullHttpRequest) msg);
        }
    }

    private void refuse(RejectedRequest rejected) {
        String requestId = RequestIds.next();
        HttpRequest head = rejected.head();
        switch (rejected.reason()) {
            case TOO_LARGE -> respond(HttpResponses.response(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                    Unpooled.EMPTY_BUFFER, null, requestId), head, false);
            case THROTTLED -> respond(HttpResponses.error(ctx.alloc(), HttpResponses.throttling(),
                    responseContentType(head), requestId), head, false);
            case MALFORMED_HTTP -> respond(HttpResponses.response(HttpResponseStatus.BAD_REQUEST,
                    Unpooled.EMPTY_BUFFER, null, requestId), head, true);
            case UNDECODABLE_BODY -> respond(HttpResponses.error(ctx.alloc(), HttpResponses.internalError(),
                    responseContentType(head), requestId), head, false);
        }
    }

    private void serve(FullHttpRequest req) {
        String requestId = RequestIds.next();
        HttpMethod method = req.method();
        String hostHeader = req.headers().get(HttpHeaderNames.HOST);
        if ((method.equals(HttpMethod.GET) || method.equals(HttpMethod.HEAD)) && isRoot(req.uri())) {
            // the service's health check names the host the request named (it shows nothing else, so
            // it answers whatever the Host)
            String text = method.equals(HttpMethod.GET) ? "healthy: " + host(req) + " " : "";
            answer(req, HttpResponses.text(ctx.alloc(), HttpResponseStatus.OK, text, "text/plain", requestId));
        } else if (!guards.hostAllowed(hostHeader)) {
            answer(req, HttpResponses.text(ctx.alloc(), HttpResponseStatus.FORBIDDEN, BrowserGuards.HOST_REFUSED,
                    "text/plain; charset=utf-8", requestId));
        } else if (!guards.originAllowed(req.headers().get(HttpHeaderNames.ORIGIN), hostHeader)) {
            answer(req, HttpResponses.text(ctx.alloc(), HttpResponseStatus.FORBIDDEN, BrowserGuards.ORIGIN_REFUSED,
                    "text/plain; charset=utf-8", requestId));
        } else if (ConsoleRoute.handles(req, path(req.uri()))) {
            answer(req, console.answer(ctx.alloc(), req, path(req.uri()), requestId));
        } else if (method.equals(HttpMethod.OPTIONS) && req.headers().contains(HttpHeaderNames.ORIGIN)) {
            answer(req, corsPreflight(req, requestId));
        } else if (!method.equals(HttpMethod.POST) || !acceptedContentType(req)) {
            answer(req, HttpResponses.text(ctx.alloc(), HttpResponseStatus.NOT_FOUND, HttpResponses.NOT_AN_OPERATION,
                    null, requestId));
        } else {
            if (inlineReads && dispatcher.tryInline(req.headers().get("X-Amz-Target")) && callInline(req, requestId)) return;
            int reserved = req.content().readableBytes();
            try {
                executor.execute(() -> call(req, reserved, requestId));
            } catch (RejectedExecutionException full) {
                budget.release(reserved);
                answer(req, HttpResponses.error(ctx.alloc(), HttpResponses.throttling(), responseContentType(req), requestId));
            }
        }
    }

    /**
     * On the event loop: a read that memory can answer (a cached item) is answered right here,
     * saving the two thread hand-offs of the worker pool; false when it needs a worker after all.
     */
    private boolean callInline(FullHttpRequest req, String requestId) {
        ByteBuf out = ctx.alloc().buffer(256);
        int status;
        try (ByteBufOutputStream os = new ByteBufOutputStream(out)) {
            status = dispatcher.dispatchInline(dynamoRequest(req), body(req.content()), os, requestId);
        } catch (Throwable e) {
            out.release();
            return false; // the worker runs it again and reports what goes wrong
        }
        if (status == RequestDispatcher.NEEDS_WORKER) {
            out.release();
            return false;
        }
        budget.release(req.content().readableBytes());
        answer(req, HttpResponses.response(HttpResponseStatus.valueOf(status), out, responseContentType(req), requestId));
        return true;
    }

    /** On a worker: runs the API call, then answers on the event loop. */
    private void call(FullHttpRequest req, int reserved, String requestId) {
        FullHttpResponse res;
        ByteBuf out = ctx.alloc().buffer(256);
        try (ByteBufOutputStream os = new ByteBufOutputStream(out)) {
            int status = dispatcher.dispatch(dynamoRequest(req), body(req.content()), os, requestId);
            res = ResponseEncoding.apply(req,
                    HttpResponses.response(HttpResponseStatus.valueOf(status), out, responseContentType(req), requestId));
        } catch (Throwable e) {
            out.release();
            LOG.error("Internal error (request id {})", requestId, e);
            res = HttpResponses.error(ctx.alloc(), HttpResponses.internalError(), responseContentType(req), requestId);
        } finally {
            budget.release(reserved);
        }
        FullHttpResponse response = res;
        ctx.executor().execute(() -> answer(req, response));
    }

    /** Sends the response to {@code req} (compressed when it asks for that) and releases the request. */
    private void answer(FullHttpRequest req, FullHttpResponse res) {
        try {
            respond(ResponseEncoding.apply(req, res), req, false);
        } finally {
            req.release();
        }
    }

    private void respond(FullHttpResponse res, HttpRequest req, boolean close) {
        String origin = req == null ? null : req.headers().get(HttpHeaderNames.ORIGIN);
        if (origin != null && res.status().code() != HttpResponseStatus.FORBIDDEN.code()
                && guards.originAllowed(origin, req.headers().get(HttpHeaderNames.HOST))) {
            res.headers().set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, guards.allowOriginValue(origin));
            if (guards.variesByOrigin()) res.headers().add(HttpHeaderNames.VARY, HttpHeaderNames.ORIGIN);
            // a browser script may read these (the SDK for JavaScript reads the request id and the
            // error type); the service's list, which leaves x-amz-crc32 out (the SDK then skips the check)
            res.headers().set(HttpHeaderNames.ACCESS_CONTROL_EXPOSE_HEADERS, EXPOSED_HEADERS);
        }
        boolean keepAlive = !close && (req == null || HttpUtil.isKeepAlive(req));
        if (!keepAlive) res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        ctx.writeAndFlush(res).addListener((ChannelFutureListener) f -> {
            if (!keepAlive || !f.isSuccess()) {
                f.channel().close();
                return;
            }
            busy = false;
            next();
        });
    }

    static final String EXPOSED_HEADERS = "x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date";

    private FullHttpResponse corsPreflight(HttpRequest req, String requestId) {
        FullHttpResponse res = HttpResponses.response(HttpResponseStatus.OK, Unpooled.EMPTY_BUFFER, null, requestId);
        HttpHeaders in = req.headers();
        if (in.contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_HEADERS)) {
            res.headers().set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_HEADERS, in.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_HEADERS));
        }
        if (in.contains(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD)) {
            res.headers().set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_METHODS, in.get(HttpHeaderNames.ACCESS_CONTROL_REQUEST_METHOD));
        }
        res.headers().set(HttpHeaderNames.ACCESS_CONTROL_MAX_AGE, "172800");
        return res;
    }

    /** Whether the request names the root path, with or without a query. */
    private static boolean isRoot(String uri) {
        String path = path(uri);
        return path.equals("/") || path.isEmpty();
    }

    static String path(String uri) {
        int q = uri.indexOf('?');
        return q < 0 ? uri : uri.substring(0, q);
    }

    private static String host(HttpRequest req) {
        String host = req.headers().get(HttpHeaderNames.HOST);
        return host == null || host.isBlank() ? DEFAULT_HOST : host.trim();
    }

    /** The service takes a body only as application/json or application/x-amz-json-1.0 (parameters ignored). */
    private static boolean acceptedContentType(FullHttpRequest req) {
        if (!req.content().isReadable()) return true;
        String type = mediaType(req);
        return HttpResponses.AMZ_JSON.equalsIgnoreCase(type) || HttpResponses.JSON.equalsIgnoreCase(type);
    }

    /** The service answers application/x-amz-json-1.0 requests in kind, all others as application/json. */
    private static String responseContentType(HttpRequest req) {
        return req != null && HttpResponses.AMZ_JSON.equalsIgnoreCase(mediaType(req)) ? HttpResponses.AMZ_JSON : HttpResponses.JSON;
    }

    private static String mediaType(HttpRequest req) {
        String header = req.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (header == null) return "";
        int semicolon = header.indexOf(';');
        return (semicolon < 0 ? header : header.substring(0, semicolon)).trim();
    }

    private DynamoRequest dynamoRequest(FullHttpRequest req) {
        HttpHeaders h = req.headers();
        return new DynamoRequest(h.get("X-Amz-Target"), h.get(HttpHeaderNames.AUTHORIZATION), h.get("X-Amz-Date"),
                h.get(HttpHeaderNames.DATE), query(req.uri()), new NettyRequestParts(req, ctx));
    }

    private static Map<String, String> query(String uri) {
        if (uri.indexOf('?') < 0) return Map.of();
        Map<String, String> out = new HashMap<>();
        for (Map.Entry<String, List<String>> e : new QueryStringDecoder(uri).parameters().entrySet()) {
            out.put(e.getKey(), e.getValue().isEmpty() ? "" : e.getValue().get(0));
        }
        return out;
    }

    private static RequestDispatcher.Body body(ByteBuf content) {
        return new RequestDispatcher.Body() {
            @Override public int length() { return content.readableBytes(); }
            @Override public InputStream open() { return new ByteBufInputStream(content.duplicate()); }
        };
    }

    private void discard(Object msg) {
        if (msg instanceof FullHttpRequest req) {
            budget.release(req.content().readableBytes());
            req.release();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        for (Object msg; (msg = waiting.poll()) != null; ) discard(msg);
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // broken connections and undecodable bodies (e.g. invalid gzip): nothing sensible to answer
        LOG.debug("Closing connection {}: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
