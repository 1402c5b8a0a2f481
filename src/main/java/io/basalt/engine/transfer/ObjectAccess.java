package io.basalt.engine.transfer;

import java.util.Map;

/**
 * What a caller's identity policies allow it to do in S3 (the auth file's policies, decided by the
 * front end's authorizer), and the S3 credentials the auth file gives it. An export or import
 * checks every S3 request it makes for the caller with it ({@link AuthorizedObjectStore}).
 */
public interface ObjectAccess {
    /** Every S3 action allowed, the server's own credentials (no auth file). */
    ObjectAccess ANYTHING = (action, resource, keys) -> null;

    /**
     * Null when {@code action} on {@code resource} is allowed; otherwise S3's reason, "User: ARN is
     * not authorized to perform: ACTION on resource: \"RESOURCE\" because ...".
     *
     * @param conditionKeys request-specific condition keys (s3:prefix of a listing)
     */
    String refusal(String action, String resource, Map<String, String> conditionKeys);

    /** The caller's own S3 credentials (auth file), or null for the server's. */
    default ObjectStore.Credentials credentials() {
        return null;
    }
}
