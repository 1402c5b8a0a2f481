package io.basalt.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * Response compression as the service does it: when the request's {@code Accept-Encoding} allows gzip
 * or deflate, bodies of {@link #THRESHOLD} bytes or more are sent compressed; smaller ones stay as they
 * are. {@code x-amz-crc32} is then the CRC32 of the compressed bytes, as the service computes it (the
 * SDKs check it before decompressing).
 */
final class ResponseEncoding {
    /** The service's threshold: 4 KB (scylladb test/alternator/test_compressed_response.py, run against the service). */
    static final int THRESHOLD = 4096;

    enum Coding { GZIP, DEFLATE }

    private ResponseEncoding() {}

    /** {@code res} itself, or the same response with its body compressed (the old body released). */
    static FullHttpResponse apply(HttpRequest req, FullHttpResponse res) {
        if (req == null || res.content().readableBytes() < THRESHOLD
                || res.headers().contains(HttpHeaderNames.CONTENT_ENCODING)) {
            return res;
        }
        Coding coding = choose(req.headers().get(HttpHeaderNames.ACCEPT_ENCODING));
        if (coding == null) return res;
        ByteBuf plain = res.content();
        ByteBuf packed = plain.alloc().buffer(Math.max(256, plain.readableBytes() / 4));
        try (OutputStream out = coding == Coding.GZIP
                ? new GZIPOutputStream(new ByteBufOutputStream(packed), 8192)
                : new DeflaterOutputStream(new ByteBufOutputStream(packed), new java.util.zip.Deflater(), 8192, false)) {
            plain.getBytes(plain.readerIndex(), out, plain.readableBytes());
        } catch (IOException e) {
            packed.release();
            throw new UncheckedIOException(e);
        }
        FullHttpResponse out = res.replace(packed);
        res.release();
        CRC32 crc = new CRC32();
        crc.update(packed.nioBuffer());
        out.headers().set(HttpHeaderNames.CONTENT_ENCODING, coding == Coding.GZIP ? "gzip" : "deflate");
        out.headers().set("x-amz-crc32", Long.toString(crc.getValue()));
        out.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, packed.readableBytes());
        return out;
    }

    /**
     * The coding an {@code Accept-Encoding} value asks for, null for none. The rules follow the
     * service's observed answers: codings are matched without case; the first {@code q} parameter
     * counts (above 1 counts as 1, below 0 or unparsable as 0 resp. 1); the highest quality wins,
     * ties going to the coding named first, a named coding before one only reached through
     * {@code *}, and gzip before deflate through {@code *}; {@code identity} and unknown codings are
     * ignored.
     */
    static Coding choose(String header) {
        if (header == null || header.isBlank()) return null;
        double[] named = {-1, -1};  // quality per coding when named, -1 when not named
        int[] position = {Integer.MAX_VALUE, Integer.MAX_VALUE};
        double wildcard = -1;
        String[] elements = header.split(",");
        for (int i = 0; i < elements.length; i++) {
            String[] parts = elements[i].split(";");
            String name = parts[0].trim().toLowerCase(Locale.ROOT);
            double q = quality(parts);
            switch (name) {
                case "gzip" -> {
                    named[0] = Math.max(named[0], q);
                    position[0] = Math.min(position[0], i);
                }
                case "deflate" -> {
                    named[1] = Math.max(named[1], q);
                    position[1] = Math.min(position[1], i);
                }
                case "*" -> wildcard = Math.max(wildcard, q);
                default -> { }
            }
        }
        double gzip = named[0] >= 0 ? named[0] : Math.max(0, wildcard);
        double deflate = named[1] >= 0 ? named[1] : Math.max(0, wildcard);
        if (gzip <= 0 && deflate <= 0) return null;
        if (gzip != deflate) return gzip > deflate ? Coding.GZIP : Coding.DEFLATE;
        // a tie: the coding named first; a named one before one reached through '*'; else gzip
        return position[1] < position[0] ? Coding.DEFLATE : Coding.GZIP;
    }

    private static double quality(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq < 0 || !parts[i].substring(0, eq).trim().equalsIgnoreCase("q")) continue;
            try {
                double q = Double.parseDouble(parts[i].substring(eq + 1).trim());
                return Double.isNaN(q) ? 1 : Math.min(1, Math.max(0, q));
            } catch (NumberFormatException e) {
                return 1;
            }
        }
        return 1;
    }
}
