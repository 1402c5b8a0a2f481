package io.basalt.protocol;

/**
 * The parts of a SigV4 Authorization header Basalt uses: access key and region from the credential
 * scope ("AWS4-HMAC-SHA256 Credential=AKID/20250101/us-east-1/dynamodb/aws4_request, ...").
 * Signatures are not verified yet.
 */
public record SigV4Header(String accessKeyId, String region) {
    public static final String DEFAULT_REGION = "us-east-1";

    /** Parses the header; returns null when it has no credential scope. */
    public static SigV4Header parse(String header) {
        if (header == null) return null;
        int c = header.indexOf("Credential=");
        if (c < 0) return null;
        int start = c + "Credential=".length();
        int end = header.indexOf(',', start);
        String scope = (end < 0 ? header.substring(start) : header.substring(start, end)).trim();
        String[] parts = scope.split("/");
        if (parts.length < 5) return null;
        return new SigV4Header(parts[0], parts[2]);
    }
}
