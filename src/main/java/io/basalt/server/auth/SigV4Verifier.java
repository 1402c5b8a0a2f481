package io.basalt.server.auth;

import io.basalt.engine.Clock;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies AWS Signature Version 4 as the service does, for the Authorization header and for
 * pre-signed query strings: the request time within 15 minutes of the server's clock, a known
 * access key (and its session token, for temporary credentials), a credential scope for the
 * service "dynamodb" dated the request's day, and the signature over the canonical request
 * (method, path, query, signed headers, SHA-256 of the body as received, whatever
 * x-amz-content-sha256 claims), for the DynamoDB API with X-Amz-Target among the signed headers.
 * Errors carry the service's types and words. Any region is accepted: Basalt serves every region.
 *
 * <p>The form of the signature (parameters present, date format, host signed, algorithm) has been
 * checked before this runs (server.http.SigV4Header).
 */
public final class SigV4Verifier {
    static final String ALGORITHM = "AWS4-HMAC-SHA256";
    static final String SERVICE = "dynamodb";
    static final long SKEW_MILLIS = 15 * 60 * 1000L;
    static final String MISMATCH = "The request signature we calculated does not match the signature you provided. "
            + "Check your AWS Secret Access Key and signing method. Consult the service documentation for details.";
    static final String UNRECOGNIZED = "The security token included in the request is invalid.";
    /**
     * X-Amz-Target names the operation, so a signature that does not cover it could be reused for
     * another operation. Every SDK signs it; the service's own words for its absence are not on
     * record, these follow its answer for an unsigned Host (docs/security.md).
     */
    static final String TARGET_NOT_SIGNED = "'X-Amz-Target' must be a 'SignedHeader' in the AWS Authorization.";
    static final DateTimeFormatter BASIC = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final int SIGNING_KEY_CACHE = 1024;
    private static final ThreadLocal<Mac> HMAC = ThreadLocal.withInitial(() -> {
        try {
            return Mac.getInstance("HmacSHA256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
        }
    });

    private final CredentialStore keys;
    private final Clock clock;
    /** Derived signing keys by secret, day, region and service: four HMACs saved per request. */
    private final Map<String, byte[]> signingKeys = new ConcurrentHashMap<>();

    public SigV4Verifier(CredentialStore keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    /** The parts of a signature, from the Authorization header or the query string. */
    record Signature(String accessKeyId, String scopeDate, String region, String service, String terminator,
                     List<String> signedHeaders, String signature, String amzDate, boolean presigned, long expiresSeconds,
                     String securityToken) {
        String scope() {
            return scopeDate + "/" + region + "/" + service + "/" + terminator;
        }
    }

    /** Verifies a request of the DynamoDB API, whose signature must also cover X-Amz-Target; returns who sent it. */
    public Principal verifyApiRequest(HttpRequestParts request) throws IOException {
        return verify(request, true);
    }

    /** Verifies any signed request (e.g. the admin port's views, which have no X-Amz-Target); returns who sent it. */
    public Principal verify(HttpRequestParts request) throws IOException {
        return verify(request, false);
    }

    private Principal verify(HttpRequestParts request, boolean targetSigned) throws IOException {
        Signature s = parse(request);
        Instant at = requestTime(s, request);
        long now = clock.millis();
        String when = BASIC.format(at);
        if (at.toEpochMilli() < now - SKEW_MILLIS) {
            throw invalid("Signature expired: " + when + " is now earlier than " + BASIC.format(Instant.ofEpochMilli(now - SKEW_MILLIS))
                    + " (" + BASIC.format(Instant.ofEpochMilli(now)) + " - 15 min.)");
        }
        if (at.toEpochMilli() > now + SKEW_MILLIS) {
            throw invalid("Signature not yet current: " + when + " is still later than " + BASIC.format(Instant.ofEpochMilli(now + SKEW_MILLIS))
                    + " (" + BASIC.format(Instant.ofEpochMilli(now)) + " + 15 min.)");
        }
        if (s.presigned() && s.expiresSeconds() >= 0 && now > at.toEpochMilli() + s.expiresSeconds() * 1000) {
            throw invalid("Signature expired: " + when + " is now earlier than " + BASIC.format(Instant.ofEpochMilli(now - s.expiresSeconds() * 1000))
                    + " (" + BASIC.format(Instant.ofEpochMilli(now)) + " - " + s.expiresSeconds() + " sec.)");
        }
        CredentialStore.Key key = keys.find(s.accessKeyId());
        if (key == null || !sameToken(key.sessionToken(), s.securityToken())) {
            throw new DynamoException(ErrorType.UNRECOGNIZED_CLIENT, UNRECOGNIZED);
        }
        if (!SERVICE.equals(s.service())) {
            throw invalid("Credential should be scoped to correct service: '" + SERVICE + "'. ");
        }
        if (!"aws4_request".equals(s.terminator())) {
            throw invalid("Credential should be scoped with a valid terminator: 'aws4_request', not '" + s.terminator() + "'. ");
        }
        String day = when.substring(0, 8);
        if (!day.equals(s.scopeDate())) {
            throw invalid("Date in Credential scope does not match YYYYMMDD from ISO-8601 version of date from HTTP: '"
                    + s.scopeDate() + "' != '" + day + "', from '" + when + "'.");
        }
        if (targetSigned && !s.signedHeaders().contains("x-amz-target")) throw invalid(TARGET_NOT_SIGNED);
        String stringToSign = ALGORITHM + "\n" + when + "\n" + s.scope() + "\n" + hex(sha256(canonicalRequest(request, s)));
        byte[] expected = hmac(signingKey(key.secretAccessKey(), s), stringToSign);
        byte[] given;
        try {
            given = HexFormat.of().parseHex(s.signature());
        } catch (IllegalArgumentException notHex) {
            throw invalid(MISMATCH);
        }
        if (!MessageDigest.isEqual(expected, given)) throw invalid(MISMATCH);
        return new Principal(key.accountId(), key.userName(), key.accessKeyId());
    }

    private static boolean sameToken(String expected, String given) {
        if (expected == null) return given == null || given.isEmpty();
        return given != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }

    static Signature parse(HttpRequestParts request) {
        String header = first(request, "authorization");
        String token = first(request, "x-amz-security-token");
        if (header != null) {
            String credential = null, signedHeaders = null, signature = null;
            for (String part : header.trim().substring(ALGORITHM.length()).split("[,\\s]+")) {
                int eq = part.indexOf('=');
                if (eq <= 0) continue;
                String name = part.substring(0, eq), value = part.substring(eq + 1);
                switch (name) {
                    case "Credential" -> credential = value;
                    case "SignedHeaders" -> signedHeaders = value;
                    case "Signature" -> signature = value;
                    default -> { }
                }
            }
            return signature(credential, signedHeaders, signature, first(request, "x-amz-date"), false, -1, token);
        }
        Map<String, String> q = decodedQuery(request.rawQuery());
        long expires = -1;
        if (q.containsKey("X-Amz-Expires")) {
            try {
                expires = Long.parseLong(q.get("X-Amz-Expires"));
            } catch (NumberFormatException e) {
                throw invalid("X-Amz-Expires must be a number of seconds: " + q.get("X-Amz-Expires"));
            }
        }
        return signature(q.get("X-Amz-Credential"), q.get("X-Amz-SignedHeaders"), q.get("X-Amz-Signature"), q.get("X-Amz-Date"),
                true, expires, q.getOrDefault("X-Amz-Security-Token", token));
    }

    private static Signature signature(String credential, String signedHeaders, String signature, String amzDate, boolean presigned,
                                       long expires, String token) {
        String[] scope = credential.replaceAll("/+$", "").split("/", -1);
        List<String> headers = new ArrayList<>();
        for (String h : signedHeaders.split(";")) if (!h.isBlank()) headers.add(h.trim().toLowerCase(java.util.Locale.ROOT));
        return new Signature(scope[0], scope[1], scope[2], scope[3], scope[4], headers, signature, amzDate, presigned, expires, token);
    }

    private static Instant requestTime(Signature s, HttpRequestParts request) {
        if (s.amzDate() != null) {
            try {
                return ZonedDateTime.parse(s.amzDate(), BASIC).toInstant();
            } catch (DateTimeParseException e) {
                throw invalid("Date must be in ISO-8601 'basic format'. Got '" + s.amzDate() + "'.");
            }
        }
        String date = first(request, "date");
        try {
            return ZonedDateTime.parse(date, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException | NullPointerException e) {
            throw invalid("Date must be in ISO-8601 'basic format'. Got '" + date + "'.");
        }
    }

    private static String first(HttpRequestParts request, String name) {
        List<String> values = request.header(name);
        return values.isEmpty() ? null : values.get(0);
    }

    /** The canonical request of SigV4: method, URI, query, signed headers and the hash of the body. */
    static String canonicalRequest(HttpRequestParts request, Signature s) throws IOException {
        StringBuilder c = new StringBuilder(256);
        c.append(request.method()).append('\n');
        c.append(canonicalUri(request.rawPath())).append('\n');
        c.append(canonicalQuery(request.rawQuery(), s.presigned())).append('\n');
        for (String name : s.signedHeaders()) {
            c.append(name).append(':');
            List<String> values = request.header(name);
            for (int i = 0; i < values.size(); i++) {
                if (i > 0) c.append(',');
                c.append(values.get(i).trim().replaceAll("\\s+", " "));
            }
            c.append('\n');
        }
        c.append('\n').append(String.join(";", s.signedHeaders())).append('\n');
        // always the hash of the body received: a client's x-amz-content-sha256 (UNSIGNED-PAYLOAD or
        // any value) is never taken on trust, or a captured signature would carry another body
        c.append(hex(sha256(request.body())));
        return c.toString();
    }

    /** The path normalised and each segment encoded once more (every service but S3 signs it so). */
    static String canonicalUri(String rawPath) {
        if (rawPath == null || rawPath.isEmpty()) return "/";
        String path;
        try {
            path = URI.create(rawPath).normalize().getRawPath();
        } catch (IllegalArgumentException e) {
            path = rawPath;
        }
        if (path == null || path.isEmpty()) return "/";
        StringBuilder b = new StringBuilder(path.length() + 8);
        for (String segment : path.split("/", -1)) {
            if (b.length() > 0 || path.startsWith("/")) b.append('/');
            uriEncode(segment, b);
        }
        String out = b.toString();
        return out.startsWith("//") ? out.substring(1) : out;
    }

    static String canonicalQuery(String rawQuery, boolean presigned) {
        if (rawQuery == null || rawQuery.isEmpty()) return "";
        TreeMap<String, List<String>> sorted = new TreeMap<>();
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            String name = percentDecode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : percentDecode(pair.substring(eq + 1));
            if (presigned && name.equals("X-Amz-Signature")) continue;
            StringBuilder n = new StringBuilder(), v = new StringBuilder();
            uriEncode(name, n);
            uriEncode(value, v);
            sorted.computeIfAbsent(n.toString(), k -> new ArrayList<>()).add(v.toString());
        }
        StringBuilder b = new StringBuilder();
        for (Map.Entry<String, List<String>> e : sorted.entrySet()) {
            List<String> values = e.getValue();
            values.sort(null);
            for (String v : values) {
                if (b.length() > 0) b.append('&');
                b.append(e.getKey()).append('=').append(v);
            }
        }
        return b.toString();
    }

    static Map<String, String> decodedQuery(String rawQuery) {
        Map<String, String> out = new TreeMap<>();
        if (rawQuery == null) return out;
        for (String pair : rawQuery.split("&")) {
            if (pair.isEmpty()) continue;
            int eq = pair.indexOf('=');
            out.putIfAbsent(percentDecode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : percentDecode(pair.substring(eq + 1)));
        }
        return out;
    }

    /** RFC 3986 encoding as SigV4 wants it: unreserved characters kept, every other byte as %XX (upper case). */
    static void uriEncode(String s, StringBuilder out) {
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~') {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
    }

    static String percentDecode(String s) {
        if (s.indexOf('%') < 0) return s;
        byte[] in = s.getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(in.length);
        for (int i = 0; i < in.length; i++) {
            int hi, lo;
            if (in[i] == '%' && i + 2 < in.length && (hi = Character.digit(in[i + 1], 16)) >= 0
                    && (lo = Character.digit(in[i + 2], 16)) >= 0) {
                out.write(hi * 16 + lo);
                i += 2;
            } else {
                out.write(in[i]);
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private byte[] signingKey(String secret, Signature s) {
        String cacheKey = secret + "\n" + s.scope();
        byte[] k = signingKeys.get(cacheKey);
        if (k != null) return k;
        byte[] date = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), s.scopeDate());
        byte[] region = hmac(date, s.region());
        byte[] service = hmac(region, s.service());
        k = hmac(service, s.terminator());
        if (signingKeys.size() >= SIGNING_KEY_CACHE) signingKeys.clear(); // a new day or many keys: start over
        signingKeys.put(cacheKey, k);
        return k;
    }

    static byte[] hmac(byte[] key, String data) {
        Mac mac = HMAC.get();
        try {
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
        return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] sha256(String s) {
        return digest().digest(s.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] sha256(InputStream in) throws IOException {
        MessageDigest d = digest();
        byte[] buf = new byte[8192];
        for (int n; (n = in.read(buf)) > 0; ) d.update(buf, 0, n);
        return d.digest();
    }

    private static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    private static DynamoException invalid(String message) {
        return new DynamoException(ErrorType.INVALID_SIGNATURE, message);
    }
}
