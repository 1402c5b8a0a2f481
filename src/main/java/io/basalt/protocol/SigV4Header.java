package io.basalt.protocol;

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
