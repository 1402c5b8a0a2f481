package io.basalt.model;

/**
 * The account Basalt answers as, and the table ARNs it names. Not 000000000000: that account is
 * nobody's in the service, and ARNs naming another account than the caller's are refused (clients
 * and test suites rely on 000000000000 being foreign), so Basalt takes AWS's documentation account.
 */
public final class Arns {
    public static final String ACCOUNT_ID = "123456789012";

    private Arns() {}

    public static String table(String region, String tableName) {
        return "arn:aws:dynamodb:" + region + ":" + ACCOUNT_ID + ":table/" + tableName;
    }
}
