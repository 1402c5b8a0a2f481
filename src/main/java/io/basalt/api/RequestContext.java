package io.basalt.api;

import io.basalt.model.Arns;

/**
 * Per-request facts from the protocol layer.
 *
 * @param requestId the x-amzn-RequestId sent back to the client (also used in logs)
 * @param region the region from the SigV4 credential scope (goes into ARNs)
 * @param accessKeyId the access key from the credential scope
 * @param accountId the caller's account (the key's account when signatures are verified, else
 *                  {@link #ACCOUNT_ID}); goes into ARNs
 * @param namespaces how accounts and regions map to the catalog's namespaces (the instance's choice)
 * @param trace what the operation found out that the front end times against (the table it used)
 * @param objectAccess what the caller's identity policies allow in S3, and its S3 credentials
 *                     (exports and imports act with them)
 */
public record RequestContext(String requestId, String region, String accessKeyId, String accountId,
                             io.basalt.model.Namespaces namespaces, RequestTrace trace,
                             io.basalt.engine.transfer.ObjectAccess objectAccess) {
    /** The account of every request when signatures are not verified (model.Arns). */
    public static final String ACCOUNT_ID = Arns.ACCOUNT_ID;

    public RequestContext(String requestId, String region, String accessKeyId) {
        this(requestId, region, accessKeyId, ACCOUNT_ID, io.basalt.model.Namespaces.SEPARATE);
    }

    public RequestContext(String requestId, String region, String accessKeyId, String accountId,
                          io.basalt.model.Namespaces namespaces) {
        this(requestId, region, accessKeyId, accountId, namespaces, new RequestTrace());
    }

    public RequestContext(String requestId, String region, String accessKeyId, String accountId,
                          io.basalt.model.Namespaces namespaces, RequestTrace trace) {
        this(requestId, region, accessKeyId, accountId, namespaces, trace, io.basalt.engine.transfer.ObjectAccess.ANYTHING);
    }

    /** The caller's tables: its account in the request's region. */
    public String namespace() {
        return namespaces.of(accountId, region);
    }

    /** The tables of {@code account} in {@code region} (an ARN's account and region). */
    public String namespace(String account, String region) {
        return namespaces.of(account, region);
    }

    public String tableArn(String tableName) {
        return tableArn(accountId, tableName);
    }

    /** The ARN of a table of {@code account} (another account's, when a resource policy lets the caller in). */
    public String tableArn(String account, String tableName) {
        return io.basalt.model.Arns.table(region, account, tableName);
    }
}
