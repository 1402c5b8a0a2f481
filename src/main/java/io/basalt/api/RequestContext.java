package io.basalt.api;

import io.basalt.model.Arns;

/**
 * Per-request facts from the protocol layer.
 *
 * @param requestId the x-amzn-RequestId sent back to the client (also used in logs)
 * @param region the region from the SigV4 credential scope (goes into ARNs)
 * @param accessKeyId the access key from the credential scope
 */
public record RequestContext(String requestId, String region, String accessKeyId) {
    /** The account id Basalt puts in every ARN: the caller's account. */
    public static final String ACCOUNT_ID = Arns.ACCOUNT_ID;

    public String tableArn(String tableName) {
        return Arns.table(region, tableName);
    }
}
