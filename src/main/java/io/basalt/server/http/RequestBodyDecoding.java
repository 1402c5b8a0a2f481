package io.basalt.server.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * Decodes a request body as its Content-Encoding says, within the body size limit: gzip (the one
 * request compression the service takes; several members in a row are one body), deflate (zlib or
 * raw, as browsers and curl send it) and identity. Any other coding, and a body that does not decode,
 * is {@link Undecodable}.
 */
final class RequestBodyDecoding {
    /** The body cannot be decoded (unknown coding, broken or truncated stream). */
    static final class Undecodable extends Exception {
        Undecodable(String why) {
            super(why, null, false, false);
        }
    }

    /** The decoded body would be larger than allowed. */
    static final class TooLarge extends Exception {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private RequestBodyDecoding() {}

    /** Whether a body with this Content-Encoding (null: none) needs decoding. */
    static boolean encoded(String contentEncoding) {
        if (contentEncoding == null) return false;
        String c = contentEncoding.trim().toLowerCase(Locale.ROOT);
        return !c.isEmpty() && !c.equals("identity");
    }

    /**
     * The decoded body, a new buffer (the caller releases both); {@code budget} is charged for the
     * decoded bytes as they are produced and released again when decoding fails.
     */
    static ByteBuf decode(String contentEncoding, ByteBuf body, int maxBytes, ByteBufAllocator alloc, BodyBudget budget)
            throws Undecodable, TooLarge, BudgetExhausted {
        String coding = contentEncoding.trim().toLowerCase(Locale.ROOT);
        ByteBuf out = alloc.buffer(Math.min(maxBytes, Math.max(256, body.readableBytes() * 4)));
        long charged = 0;
        boolean ok = false;
        try (InputStream in = open(coding, body)) {
            byte[] chunk = new byte[16 * 1024];
            for (int n; (n = in.read(chunk)) > 0; ) {
                if (out.readableBytes() + (long) n > maxBytes) throw new TooLarge();
                if (!budget.tryAcquire(n)) throw new BudgetExhausted();
                charged += n;
                out.writeBytes(chunk, 0, n);
            }
            ok = true;
            return out;
        } catch (IOException | RuntimeException broken) {
            throw new Undecodable(coding + ": " + broken);
        } finally {
            if (!ok) {
                budget.release(charged);
                out.release();
            }
        }
    }

    /** The server holds too many bodies to take this one decoded. */
    static final class BudgetExhausted extends Exception {
        BudgetExhausted() {
            super(null, null, false, false);
        }
    }

    private static InputStream open(String coding, ByteBuf body) throws IOException, Undecodable {
        InputStream raw = new ByteBufInputStream(body.duplicate());
        return switch (coding) {
            case "gzip", "x-gzip" -> new GZIPInputStream(raw, 16 * 1024);
            case "deflate" -> new InflaterInputStream(raw, new Inflater(!zlibHeader(body)), 16 * 1024);
            default -> throw new Undecodable("unknown Content-Encoding " + coding);
        };
    }

    /** Whether a deflate body starts with a zlib header (RFC 1950) rather than raw deflate data. */
    private static boolean zlibHeader(ByteBuf body) {
        if (body.readableBytes() < 2) return true;
        int cmf = body.getUnsignedByte(body.readerIndex());
        int flg = body.getUnsignedByte(body.readerIndex() + 1);
        return (cmf & 0x0F) == 8 && ((cmf << 8) | flg) % 31 == 0;
    }
}
