package io.basalt.server.http;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The parts of a SigV4 signature Basalt uses: access key and region from the credential scope
 * ("AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, ..."), after the
 * service's checks of the signature's form, in the service's order and words. Signatures are not
 * verified yet, and any region, service name and date are accepted.
 */
public record SigV4Header(String accessKeyId, String region) {
    public static final String DEFAULT_REGION = "us-east-1";
    private static final String ALGORITHM = "AWS4-HMAC-SHA256";
    private static final Pattern BASIC_ISO_DATE = Pattern.compile("\\d{8}T\\d{6}Z");
    private static final String[] HEADER_PARAMETERS = {"Credential", "Signature", "SignedHeaders"};
    private static final String[] QUERY_PARAMETERS = {"X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Signature",
            "X-Amz-SignedHeaders", "X-Amz-Date"};

    /**
     * Checks the request's signature (Authorization header or pre-signed query string) and returns
     * its credential scope.
     *
     * @throws DynamoException MissingAuthenticationToken, IncompleteSignature or InvalidSignature
     */
    public static SigV4Header check(DynamoRequest request) {
        SigV4Header usual = wellFormedHeader(request);
        return usual != null ? usual : checkInFull(request);
    }

    /** Every check, in the service's order, with its words; {@link #check} comes here unless all is usual. */
    static SigV4Header checkInFull(DynamoRequest request) {
        String header = request.authorization();
        Map<String, String> query = request.query();
        boolean signedQuery = query.containsKey("X-Amz-Algorithm");
        if (header != null && signedQuery) {
            throw new DynamoException(ErrorType.INVALID_SIGNATURE,
                    "Found both 'X-Amz-Algorithm' as a query-string param and 'Authorization' as HTTP header.");
        }
        if ((header == null && !signedQuery) || (header != null && !header.trim().startsWith("AWS4-"))) {
            throw new DynamoException(ErrorType.MISSING_AUTHENTICATION_TOKEN, "Request is missing Authentication Token");
        }
        String algorithm;
        Map<String, String> params;
        String amzDate;
        if (header != null) {
            params = headerParameters(header);
            StringBuilder missing = new StringBuilder();
            for (String name : HEADER_PARAMETERS) {
                if (params.getOrDefault(name, "").isEmpty()) {
                    missing.append("Authorization header requires '").append(name).append("' parameter. ");
                }
            }
            if (request.amzDate() == null && request.date() == null) {
                missing.append("Authorization header requires existence of either a 'X-Amz-Date' or a 'Date' header. ");
            }
            if (!missing.isEmpty()) throw incomplete(missing + "Authorization=" + header);
            algorithm = header.trim().split("\\s+", 2)[0];
            amzDate = request.amzDate();
        } else {
            params = new HashMap<>();
            StringBuilder missing = new StringBuilder();
            for (String name : QUERY_PARAMETERS) {
                String value = query.getOrDefault(name, "");
                if (value.isEmpty()) missing.append("AWS query-string parameters must include '").append(name).append("'. ");
                params.put(name.substring("X-Amz-".length()), value);
            }
            if (!missing.isEmpty()) throw incomplete(missing + "Re-examine the query-string parameters.");
            algorithm = params.get("Algorithm");
            amzDate = params.get("Date");
        }
        if (amzDate != null && !BASIC_ISO_DATE.matcher(amzDate).matches()) {
            throw incomplete("Date must be in ISO-8601 'basic format'. Got '" + amzDate + "'. See http://en.wikipedia.org/wiki/ISO_8601");
        }
        if (!signsHost(params.get("SignedHeaders"))) {
            throw new DynamoException(ErrorType.INVALID_SIGNATURE, "'Host' must be a 'SignedHeader' in the AWS Authorization.");
        }
        if (!ALGORITHM.equals(algorithm)) {
            throw incomplete("Unsupported AWS 'algorithm': '" + algorithm + "' (only " + ALGORITHM + " for now). ");
        }
        String credential = params.get("Credential");
        String[] scope = credential.replaceAll("/+$", "").split("/", -1);
        if (scope.length != 5) {
            throw incomplete("Credential must have exactly 5 slash-delimited elements, e.g. keyid/date/region/service/term, got '"
                    + credential + "'");
        }
        return new SigV4Header(scope[0], scope[2]);
    }

    /**
     * The common case in one pass without regular expressions or maps (every request pays for this):
     * a well-formed Authorization header. Returns null whenever anything is unusual, and the full
     * check then decides (and words the error); so this never accepts what the full check refuses.
     */
    static SigV4Header wellFormedHeader(DynamoRequest request) {
        String h = request.authorization();
        if (h == null || !h.startsWith(ALGORITHM) || h.length() <= ALGORITHM.length() || h.charAt(ALGORITHM.length()) != ' ') {
            return null;
        }
        if (!request.query().isEmpty() && request.query().containsKey("X-Amz-Algorithm")) return null;
        String amzDate = request.amzDate();
        if (amzDate == null ? request.date() == null : !basicIsoDate(amzDate)) return null;
        int n = h.length();
        int credStart = -1, credEnd = -1, signedStart = -1, signedEnd = -1;
        boolean signature = false;
        int i = ALGORITHM.length();
        while (i < n) {
            char c = h.charAt(i);
            if (c == ' ' || c == ',') { i++; continue; }
            int end = i;
            while (end < n && (c = h.charAt(end)) != ' ' && c != ',') {
                if (c < 0x21) return null; // other whitespace: leave it to the full check
                end++;
            }
            if (h.startsWith("Credential=", i)) { credStart = i + 11; credEnd = end; }
            else if (h.startsWith("SignedHeaders=", i)) { signedStart = i + 14; signedEnd = end; }
            else if (h.startsWith("Signature=", i)) signature = end > i + 10;
            i = end;
        }
        if (!signature || credStart < 0 || credStart == credEnd || signedStart < 0 || signedStart == signedEnd) return null;
        if (!signsHost(h, signedStart, signedEnd)) return null;
        // keyid/date/region/service/term, trailing slashes ignored as the full check does
        while (credEnd > credStart && h.charAt(credEnd - 1) == '/') credEnd--;
        int s1 = h.indexOf('/', credStart);
        int s2 = s1 < 0 || s1 >= credEnd ? -1 : h.indexOf('/', s1 + 1);
        int s3 = s2 < 0 || s2 >= credEnd ? -1 : h.indexOf('/', s2 + 1);
        int s4 = s3 < 0 || s3 >= credEnd ? -1 : h.indexOf('/', s3 + 1);
        if (s4 < 0 || s4 >= credEnd) return null;
        int s5 = h.indexOf('/', s4 + 1);
        if (s5 >= 0 && s5 < credEnd) return null;
        return new SigV4Header(h.substring(credStart, s1), h.substring(s2 + 1, s3));
    }

    private static boolean basicIsoDate(String d) {
        if (d.length() != 16 || d.charAt(8) != 'T' || d.charAt(15) != 'Z') return false;
        for (int i = 0; i < 15; i++) {
            if (i != 8 && (d.charAt(i) < '0' || d.charAt(i) > '9')) return false;
        }
        return true;
    }

    /** Whether "a;host;b" (between start and end of h) names host, case-insensitively, as signsHost does. */
    private static boolean signsHost(String h, int start, int end) {
        int i = start;
        while (i <= end) {
            int semi = h.indexOf(';', i);
            int stop = semi < 0 || semi > end ? end : semi;
            if (stop - i == 4 && h.regionMatches(true, i, "host", 0, 4)) return true;
            i = stop + 1;
        }
        return false;
    }

    /** "AWS4-HMAC-SHA256 Credential=a/b/c/d/e, SignedHeaders=host, Signature=f": pairs after the algorithm. */
    private static Map<String, String> headerParameters(String header) {
        Map<String, String> params = new HashMap<>();
        String[] parts = header.trim().split("[,\\s]+");
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) params.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return params;
    }

    private static boolean signsHost(String signedHeaders) {
        for (String h : signedHeaders.split(";")) {
            if (h.trim().equalsIgnoreCase("host")) return true;
        }
        return false;
    }

    private static DynamoException incomplete(String message) {
        return new DynamoException(ErrorType.INCOMPLETE_SIGNATURE, message);
    }
}
