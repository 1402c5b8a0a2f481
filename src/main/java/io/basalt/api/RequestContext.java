package io.basalt.api;

/**
 * Per-request facts from the protocol layer.
 *
 * @param requestId the x-amzn-RequestId sent back to the client (also used in logs)
 * @param region the region from the SigV4 credential scope (goes into ARNs)
 * @param accessKeyId the access key from the credential scope
 */
public record RequestContext(String requestId, String region, String accessKeyId) {
    /** The account id Basalt puts in every ARN. */
    public static final String ACCOUNT_ID = "000000000000";

    public String tableArn(String tableName) {
        return "arn:aws:dynamodb:" + region + ":" + ACCOUNT_ID + ":table/" + tableName;
    }
}
