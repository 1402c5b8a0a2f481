package io.basalt.model;

/**
 * Where tables live: the service keeps every account's tables apart in every region (a table
 * created through eu-west-1 is not seen through us-east-1). A namespace is the account for the
 * home region, and "ACCOUNT@REGION" for any other; with regions shared (Basalt before regions were
 * kept apart, or {@code --regions shared}) every region of an account is one namespace.
 *
 * <p>The home region's namespace is the bare account id, so a store written before regions were
 * kept apart holds its tables in the home region.
 *
 * @param homeRegion the region whose namespace is the bare account (--region, default us-east-1)
 * @param shared every region of an account sees the same tables
 */
public record Namespaces(String homeRegion, boolean shared) {
    public static final String DEFAULT_HOME_REGION = "us-east-1";
    /** Regions kept apart, us-east-1 at home: the service's behaviour. */
    public static final Namespaces SEPARATE = new Namespaces(DEFAULT_HOME_REGION, false);
    /** One namespace per account whatever the region. */
    public static final Namespaces SHARED = new Namespaces(DEFAULT_HOME_REGION, true);

    /** The namespace of the account's tables in the region. */
    public String of(String account, String region) {
        return shared || region == null || region.isEmpty() || region.equals(homeRegion) ? account : account + "@" + region;
    }

    /** The account of a namespace. */
    public static String account(String namespace) {
        int at = namespace.indexOf('@');
        return at < 0 ? namespace : namespace.substring(0, at);
    }
}
