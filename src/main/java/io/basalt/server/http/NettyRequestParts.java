package io.basalt.server.http;

import io.netty.buffer.ByteBufInputStream;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.FullHttpRequest;
import java.io.InputStream;
import java.util.List;

/** The request as signed (only read when signatures are verified) and where it came from. */
record NettyRequestParts(FullHttpRequest req, ChannelHandlerContext ctx) implements io.basalt.server.auth.HttpRequestParts {
    @Override public String sourceIp() {
        return ctx != null && ctx.channel().remoteAddress() instanceof java.net.InetSocketAddress a && a.getAddress() != null
                ? a.getAddress().getHostAddress() : null;
    }

    @Override public boolean secureTransport() {
        return ctx != null && ctx.pipeline().get(io.netty.handler.ssl.SslHandler.class) != null;
    }

    @Override public String method() { return req.method().name(); }

    @Override public String rawPath() { return DynamoHttpHandler.path(req.uri()); }

    @Override public String rawQuery() {
        String uri = req.uri();
        int q = uri.indexOf('?');
        return q < 0 ? "" : uri.substring(q + 1);
    }

    @Override public List<String> header(String name) { return req.headers().getAll(name); }

    /** The body as sent (compressed, when it came so: that is what the client signed). */
    @Override public InputStream body() {
        return req instanceof DecodedHttpRequest d ? new java.io.ByteArrayInputStream(d.asSent())
                : new ByteBufInputStream(req.content().duplicate());
    }
}

