package io.basalt.protocol;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Netty side of the endpoint: health checks, hand-off to the worker pool, response headers. */
final class DynamoHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(DynamoHttpHandler.class);
    private static final String CONTENT_TYPE = "application/x-amz-json-1.0";

    private final RequestDispatcher dispatcher;
    private final Executor executor;

    DynamoHttpHandler(RequestDispatcher dispatcher, Executor executor) {
        this.dispatcher = dispatcher;
        this.executor = executor;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest req) {
        boolean keepAlive = HttpUtil.isKeepAlive(req);
        String requestId = RequestIds.next();
        if (!req.decoderResult().isSuccess()) {
            respondError(ctx, keepAlive, requestId, new DynamoException(ErrorType.SERIALIZATION, null));
            return;
        }
        if (req.method() == HttpMethod.GET || req.method() == HttpMethod.HEAD) {
            ByteBuf body = ctx.alloc().buffer();
            body.writeCharSequence("healthy: dynamodb.us-east-1.amazonaws.com ", StandardCharsets.UTF_8);
            FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, body);
            res.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain");
            send(ctx, res, keepAlive, requestId);
            return;
        }
        String target = req.headers().get("X-Amz-Target");
        String authorization = req.headers().get(HttpHeaderNames.AUTHORIZATION);
        ByteBuf content = req.content().retain();
        try {
            executor.execute(() -> handle(ctx, keepAlive, requestId, target, authorization, content));
        } catch (RejectedExecutionException e) {
            content.release();
            respondError(ctx, keepAlive, requestId,
                    new DynamoException(ErrorType.THROTTLING, "Rate of requests exceeds the allowed throughput."));
        }
    }

    private void handle(ChannelHandlerContext ctx, boolean keepAlive, String requestId, String target,
                        String authorization, ByteBuf content) {
        ByteBuf out = ctx.alloc().buffer(256);
        try {
            int status;
            try (ByteBufInputStream in = new ByteBufInputStream(content);
                 ByteBufOutputStream os = new ByteBufOutputStream(out)) {
                status = dispatcher.dispatch(target, authorization, in, os, requestId);
            }
            FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                    HttpResponseStatus.valueOf(status), out);
            res.headers().set(HttpHeaderNames.CONTENT_TYPE, CONTENT_TYPE);
            send(ctx, res, keepAlive, requestId);
        } catch (IOException | RuntimeException e) {
            out.release();
            LOG.error("Internal error (request id {})", requestId, e);
            respondError(ctx, keepAlive, requestId,
                    new DynamoException(ErrorType.INTERNAL_SERVER_ERROR, "Internal server error"));
        } finally {
            content.release();
        }
    }

    private void respondError(ChannelHandlerContext ctx, boolean keepAlive, String requestId, DynamoException e) {
        ByteBuf out = ctx.alloc().buffer(128);
        try (ByteBufOutputStream os = new ByteBufOutputStream(out)) {
            RequestDispatcher.writeError(e, os);
        } catch (IOException io) {
            throw new IllegalStateException(io);
        }
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
                HttpResponseStatus.valueOf(e.type().httpStatus()), out);
        res.headers().set(HttpHeaderNames.CONTENT_TYPE, CONTENT_TYPE);
        send(ctx, res, keepAlive, requestId);
    }

    private static void send(ChannelHandlerContext ctx, FullHttpResponse res, boolean keepAlive, String requestId) {
        ByteBuf body = res.content();
        CRC32 crc = new CRC32();
        crc.update(body.nioBuffer());
        res.headers().set("x-amzn-RequestId", requestId);
        res.headers().set("x-amz-crc32", Long.toString(crc.getValue()));
        res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        if (keepAlive) {
            res.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.KEEP_ALIVE);
            ctx.writeAndFlush(res);
        } else {
            ctx.writeAndFlush(res).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("Connection error: {}", cause.toString());
        ctx.close();
    }
}
