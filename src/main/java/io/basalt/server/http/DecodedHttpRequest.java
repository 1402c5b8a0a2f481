package io.basalt.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;

/**
 * A request whose body arrived compressed: the content is the decoded body, {@link #asSent} the bytes
 * as they came, which a signature covers (the SDKs sign the compressed payload). The copy is not
 * charged to the body budget: it is no larger than the decoded body that is, but for a few bytes
 * per 64 KB of incompressible input.
 */
final class DecodedHttpRequest extends DefaultFullHttpRequest {
    private final byte[] asSent;

    DecodedHttpRequest(HttpVersion version, HttpMethod method, String uri, ByteBuf decoded, HttpHeaders headers,
                       HttpHeaders trailers, byte[] asSent) {
        super(version, method, uri, decoded, headers, trailers);
        this.asSent = asSent;
    }

    byte[] asSent() {
        return asSent;
    }
}
