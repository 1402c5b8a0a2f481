package io.basalt.server.http;

import io.netty.handler.codec.http.HttpRequest;

/**
 * A request refused while it was being received; it travels down the pipeline like a request so its
 * response keeps its place among the connection's responses.
 *
 * @param head the request line and headers (null when they could not be parsed)
 * @param reason why
 */
record RejectedRequest(HttpRequest head, Reason reason) {
    enum Reason {
        /** The body is larger than the service accepts: 413 with an empty body. */
        TOO_LARGE,
        /** The server holds too many request bodies: ThrottlingException. */
        THROTTLED,
        /** Not HTTP, or broken HTTP: 400 and the connection is closed. */
        MALFORMED_HTTP,
        /**
         * A Content-Encoding the server cannot decode, or a compressed body that does not decompress
         * (not compressed, broken, truncated, empty): the service answers these with 500
         * InternalServerError, the connection stays usable.
         */
        UNDECODABLE_BODY
    }
}
