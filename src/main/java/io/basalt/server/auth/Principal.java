package io.basalt.server.auth;

/**
 * Who sent a request: the account and user a verified key belongs to, or, when signatures are not
 * verified, the default account and the access key as given.
 *
 * @param accountId 12-digit account id (goes into ARNs)
 * @param userName the user's name, or null when signatures are not verified
 * @param accessKeyId the access key the request was signed with
 */
public record Principal(String accountId, String userName, String accessKeyId) {
    /** The account every request belongs to when signatures are not verified. */
    public static final String DEFAULT_ACCOUNT = io.basalt.model.Arns.ACCOUNT_ID;

    /** arn:aws:iam::ACCOUNT:user/NAME, as the service names the caller in AccessDenied messages. */
    public String arn() {
        return "arn:aws:iam::" + accountId + ":user/" + (userName == null ? accessKeyId : userName);
    }
}
