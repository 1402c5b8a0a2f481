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
        return table(region, ACCOUNT_ID, tableName);
    }

    public static String table(String region, String account, String tableName) {
        return prefix(region) + account + ":table/" + tableName;
    }

    /** "arn:PARTITION:dynamodb:REGION:" of DynamoDB's ARNs in a region. */
    public static String prefix(String region) {
        return "arn:" + partition(region) + ":dynamodb:" + region + ":";
    }

    /** The ARN partition of a region, as the service writes it into ARNs. */
    public static String partition(String region) {
        if (region.startsWith("cn-")) return "aws-cn";
        if (region.startsWith("us-gov-")) return "aws-us-gov";
        if (region.startsWith("us-iso-")) return "aws-iso";
        if (region.startsWith("us-isob-")) return "aws-iso-b";
        if (region.startsWith("eusc-")) return "aws-eusc";
        return "aws";
    }
}
