package io.basalt.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * Assembles a request's body within the limits and decodes it as its Content-Encoding says
 * ({@link RequestBodyDecoding}): a body beyond the maximum size, or beyond what the
 * server may buffer, is read to its end and dropped (so the connection stays usable) and the request
 * goes on as a {@link RejectedRequest}. Complete requests go on as FullHttpRequest; their bytes stay
 * counted in the {@link BodyBudget} until the handler has answered them.
 */
final class RequestAggregator extends ChannelInboundHandlerAdapter {
    private final int maxBodyBytes;
    private final BodyBudget budget;
    private final ConnectionGuard guard;
    private HttpRequest head;
    private CompositeByteBuf body;
    private RejectedRequest.Reason refusal;
    private boolean broken;

    RequestAggregator(HttpLimits limits, BodyBudget budget, ConnectionGuard guard) {
        this.maxBodyBytes = limits.maxBodyBytes();
        this.budget = budget;
        this.guard = guard;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (broken || !(msg instanceof HttpObject http)) return;
            if (http.decoderResult().isFailure()) {
                broken = true; // the decoder discards the rest of the connection's input
                dropBody();
                guard.requestReceived();
                ctx.fireChannelRead(new RejectedRequest(head, RejectedRequest.Reason.MALFORMED_HTTP));
                return;
            }
            if (msg instanceof HttpRequest request) {
                dropBody();
                guard.headersReceived();
                head = request;
                body = ctx.alloc().compositeBuffer(Integer.MAX_VALUE);
                refusal = null;
            }
            if (msg instanceof HttpContent content && head != null) {
                append(content);
                if (msg instanceof LastHttpContent last) complete(ctx, last);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void append(HttpContent content) {
        int n = content.content().readableBytes();
        if (refusal != null || n == 0) return;
        if (body.readableBytes() + (long) n > maxBodyBytes) {
            refuse(RejectedRequest.Reason.TOO_LARGE);
        } else if (!budget.tryAcquire(n)) {
            refuse(RejectedRequest.Reason.THROTTLED);
        } else {
            body.addComponent(true, content.content().retain());
        }
    }

    private void complete(ChannelHandlerContext ctx, LastHttpContent last) {
        guard.requestReceived();
        HttpRequest request = head;
        head = null;
        if (refusal != null) {
            ctx.fireChannelRead(new RejectedRequest(request, refusal));
            return;
        }
        ByteBuf content = body;
        body = null;
        String coding = request.headers().get(HttpHeaderNames.CONTENT_ENCODING);
        if (RequestBodyDecoding.encoded(coding)) {
            ByteBuf decoded;
            byte[] asSent = new byte[content.readableBytes()];
            content.getBytes(content.readerIndex(), asSent);
            try {
                decoded = RequestBodyDecoding.decode(coding, content, maxBodyBytes, ctx.alloc(), budget);
            } catch (RequestBodyDecoding.Undecodable e) {
                ctx.fireChannelRead(new RejectedRequest(request, RejectedRequest.Reason.UNDECODABLE_BODY));
                return;
            } catch (RequestBodyDecoding.TooLarge e) {
                ctx.fireChannelRead(new RejectedRequest(request, RejectedRequest.Reason.TOO_LARGE));
                return;
            } catch (RequestBodyDecoding.BudgetExhausted e) {
                ctx.fireChannelRead(new RejectedRequest(request, RejectedRequest.Reason.THROTTLED));
                return;
            } finally {
                budget.release(content.readableBytes());
                content.release();
            }
            // the headers stay as sent (Content-Encoding and Content-Length are often signed)
            ctx.fireChannelRead(new DecodedHttpRequest(request.protocolVersion(), request.method(), request.uri(),
                    decoded, request.headers(), last.trailingHeaders(), asSent));
            return;
        }
        ctx.fireChannelRead(new DefaultFullHttpRequest(request.protocolVersion(), request.method(), request.uri(),
                content, request.headers(), last.trailingHeaders()));
    }

    private void refuse(RejectedRequest.Reason reason) {
        refusal = reason;
        dropBody();
    }

    /** Releases a partly received body and its bytes in the budget. */
    private void dropBody() {
        if (body != null) {
            budget.release(body.readableBytes());
            body.release();
            body = null;
        }
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        dropBody();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        dropBody();
        super.channelInactive(ctx);
    }
}
