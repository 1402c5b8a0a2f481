package io.basalt.api.partiql;

import io.basalt.expression.partiql.PartiqlErrors;
import io.basalt.model.AttributeValue;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * NextToken of a paged SELECT: an opaque token holding a digest of the statement and its
 * parameters (a token only continues the statement that made it), the Query it stopped in, and
 * the last storage key read.
 */
final class NextTokens {
    private static final int DIGEST_BYTES = 16;

    private NextTokens() {}

    static String encode(String statement, List<AttributeValue> parameters, SelectRunner.Position p) {
        byte[] after = p.after() == null ? new byte[0] : p.after();
        ByteBuffer b = ByteBuffer.allocate(DIGEST_BYTES + 4 + after.length);
        b.put(digest(statement, parameters)).putInt(p.partition()).put(after);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(b.array());
    }

    static SelectRunner.Position decode(String token, String statement, List<AttributeValue> parameters) {
        byte[] raw;
        try {
            raw = Base64.getUrlDecoder().decode(token);
        } catch (IllegalArgumentException e) {
            throw PartiqlErrors.invalid("Invalid NextToken");
        }
        if (raw.length < DIGEST_BYTES + 4) throw PartiqlErrors.invalid("Invalid NextToken");
        if (!Arrays.equals(raw, 0, DIGEST_BYTES, digest(statement, parameters), 0, DIGEST_BYTES)) {
            throw PartiqlErrors.invalid("NextToken does not match request");
        }
        ByteBuffer b = ByteBuffer.wrap(raw, DIGEST_BYTES, raw.length - DIGEST_BYTES);
        int partition = b.getInt();
        if (partition < 0) throw PartiqlErrors.invalid("Invalid NextToken");
        byte[] after = new byte[b.remaining()];
        b.get(after);
        return new SelectRunner.Position(partition, after.length == 0 ? null : after);
    }

    private static byte[] digest(String statement, List<AttributeValue> parameters) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(statement.getBytes(StandardCharsets.UTF_8));
            if (parameters != null) {
                for (AttributeValue v : parameters) {
                    md.update((byte) 0);
                    md.update(io.basalt.model.ItemCodec.encode(java.util.Map.of("p", v)));
                }
            }
            return Arrays.copyOf(md.digest(), DIGEST_BYTES);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
