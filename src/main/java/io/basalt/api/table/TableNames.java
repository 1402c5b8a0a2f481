package io.basalt.api.table;

/** The service accepts a table ARN wherever a TableName is accepted. */
public final class TableNames {
    private TableNames() {}

    public static String fromNameOrArn(String nameOrArn) {
        if (nameOrArn == null || !nameOrArn.startsWith("arn:")) return nameOrArn;
        int i = nameOrArn.indexOf(":table/");
        if (i < 0) return nameOrArn;
        String rest = nameOrArn.substring(i + ":table/".length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    /** The service's not-found text for a table, as DescribeTable and friends report it. */
    public static String notFound(String name) {
        return "Requested resource not found: Table: " + name + " not found";
    }
}
