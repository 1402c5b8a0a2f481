package io.basalt.server.http;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/** Responses as the service sends them: request id, CRC32 of the exact body bytes, length, date. */
final class HttpResponses {
    static final String AMZ_JSON = "application/x-amz-json-1.0";
    static final String JSON = "application/json";
    /** The body of the service's 404 for requests that are not DynamoDB API calls (verbatim). */
    static final String NOT_AN_OPERATION = "<UnknownOperationException/>\n";

    /** The service's Server header value (verbatim). */
    static final String SERVER = "Server";

    private HttpResponses() {}

    static FullHttpResponse response(HttpResponseStatus status, ByteBuf body, String contentType, String requestId) {
        FullHttpResponse res = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, body);
        CRC32 crc = new CRC32();
        crc.update(body.nioBuffer());
        res.headers().set("x-amzn-RequestId", requestId);
        res.headers().set("x-amz-crc32", Long.toString(crc.getValue()));
        res.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        if (contentType != null) res.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        res.headers().set(HttpHeaderNames.DATE, HttpDate.now());
        res.headers().set(HttpHeaderNames.SERVER, SERVER);
        return res;
    }

    static FullHttpResponse text(ByteBufAllocator alloc, HttpResponseStatus status, String text, String contentType,
                                 String requestId) {
        ByteBuf body = alloc.buffer(text.length());
        body.writeCharSequence(text, StandardCharsets.UTF_8);
        return response(status, body, contentType, requestId);
    }

    /** An error body exactly as the service shapes it. */
    static FullHttpResponse error(ByteBufAllocator alloc, DynamoException e, String contentType, String requestId) {
        ByteBuf body = alloc.buffer(128);
        try (ByteBufOutputStream out = new ByteBufOutputStream(body)) {
            ErrorResponses.write(e, out);
        } catch (IOException io) {
            body.release();
            throw new UncheckedIOException(io);
        }
        return response(HttpResponseStatus.valueOf(e.type().httpStatus()), body, contentType, requestId);
    }

    static DynamoException throttling() {
        return new DynamoException(ErrorType.THROTTLING, "Rate of requests exceeds the allowed throughput.");
    }

    static DynamoException internalError() {
        return new DynamoException(ErrorType.INTERNAL_SERVER_ERROR, "Internal server error");
    }
}
