package io.basalt.server.auth;

import java.io.IOException;

/** Decides who sent a request whose signature is well-formed (its form was checked before). */
@FunctionalInterface
public interface Authenticator {
    /**
     * @param accessKeyId the access key of the credential scope
     * @param request the request as it arrived (null when there is no HTTP request, e.g. in-process tests)
     * @throws io.basalt.error.DynamoException UnrecognizedClient or InvalidSignature, in the service's words
     */
    Principal authenticate(String accessKeyId, HttpRequestParts request) throws IOException;

    /** Accepts any well-formed signature: the default account, the key as given (as DynamoDB Local does). */
    Authenticator ANY_SIGNATURE = (accessKeyId, request) -> new Principal(Principal.DEFAULT_ACCOUNT, null, accessKeyId);

    /** Verifies every signature (of the DynamoDB API: X-Amz-Target signed too). */
    static Authenticator verifying(SigV4Verifier verifier) {
        return (accessKeyId, request) -> {
            if (request == null) {
                throw new io.basalt.error.DynamoException(io.basalt.error.ErrorType.INVALID_SIGNATURE, SigV4Verifier.MISMATCH);
            }
            return verifier.verifyApiRequest(request);
        };
    }
}
