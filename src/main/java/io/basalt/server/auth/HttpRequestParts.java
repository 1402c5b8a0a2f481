package io.basalt.server.auth;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

/** What a signature covers: the request line, the headers and the body, as they arrived. */
public interface HttpRequestParts {
    /** GET, POST, ... */
    String method();

    /** The path as sent (still percent-encoded), e.g. "/". */
    String rawPath();

    /** The query string as sent (without '?'), or "" when there is none. */
    String rawQuery();

    /** Every value of a header (name case-insensitive), in arrival order; empty when absent. */
    List<String> header(String name);

    /** The body, from its start. */
    InputStream body() throws IOException;

    /** The client's IP address (aws:SourceIp), or null when unknown. */
    default String sourceIp() {
        return null;
    }

    /** Whether the request came over TLS (aws:SecureTransport). */
    default boolean secureTransport() {
        return false;
    }
}
