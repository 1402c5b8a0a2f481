package io.basalt.api.common;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.Arns;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one reader of the resource names and ARNs clients send (TableName, TableArn, SourceTableArn,
 * ResourceArn, StreamArn, BackupArn): each becomes the canonical resource it names, or the
 * service's ValidationException. Operations resolve resources through it and the authorizer
 * authorizes what it returns, so what is authorized is exactly what the operation then touches:
 * an ARN whose partition, service or case differs from the canonical one can never name a table
 * that a Deny on its canonical ARN protects.
 */
public final class ResourceArns {
    private static final Pattern ACCOUNT = Pattern.compile("\\d{12}");
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_.-]{3,255}");
    private static final Pattern STREAM = Pattern.compile(
            "arn:([a-z-]+):dynamodb:([a-z]{2}(?:-[a-z]+)+-\\d{1,2}):(\\d{12}):table/([a-zA-Z0-9_.-]{3,255})/stream/([0-9A-Za-z:._-]{1,64})");
    private static final Pattern BACKUP = Pattern.compile("table/([^/]+)/backup/\\d{14}-[0-9a-f]{8}");

    private ResourceArns() {}

    /** A table: its account, region and name; {@link #arn()} is its canonical ARN. */
    public record TableRef(String account, String region, String name) {
        public String arn() {
            return Arns.table(region, account, name);
        }
    }

    /** A stream of a table, by its label; {@link #arn()} is its canonical ARN. */
    public record StreamRef(String account, String region, String table, String label) {
        public String arn() {
            return Arns.table(region, account, table) + "/stream/" + label;
        }
    }

    /** A table or one of its streams (null label) as a ResourceArn names it. */
    public record Resource(String account, String region, String table, String streamLabel) {
        public String arn() {
            return Arns.table(region, account, table) + (streamLabel == null ? "" : "/stream/" + streamLabel);
        }
    }

    /**
     * The table a TableName member (a name, or a table ARN) names, in {@code region} for a caller of
     * {@code callerAccount}. A name is not checked here (the operation's constraints check it); an
     * ARN must be a table ARN of the endpoint's partition and region, with an account of 12 digits
     * and a valid table name (texts: ack-api-quirks DDB-TABLE-011, live 2026-10-08).
     */
    public static TableRef table(String region, String callerAccount, String nameOrArn) {
        if (!nameOrArn.startsWith("arn:")) return new TableRef(callerAccount, region, nameOrArn);
        String[] p = nameOrArn.split(":", 6);
        if (p.length < 6) throw invalidTableArn(nameOrArn);
        if (!p[1].equals(Arns.partition(region))) throw detected("Invalid AWS partition in '" + nameOrArn + "'");
        if (!p[2].equals("dynamodb")) throw invalidTableArn(nameOrArn);
        if (!p[3].equals(region)) throw detected("Invalid AWS region in '" + nameOrArn + "'");
        if (!ACCOUNT.matcher(p[4]).matches()) throw invalidTableArn(nameOrArn);
        if (!p[5].startsWith("table/") || p[5].indexOf('/', "table/".length()) >= 0) {
            throw detected("Invalid resource type in '" + nameOrArn + "'");
        }
        String name = p[5].substring("table/".length());
        if (!NAME.matcher(name).matches()) throw invalidTableArn(nameOrArn);
        return new TableRef(p[4], p[3], name);
    }

    /**
     * The table a SourceTableArn of RestoreTableToPointInTime names: a table ARN of the caller's own
     * account (texts as the service answered on 2026-10-08/09, docs/backups.md), then as {@link #table}.
     */
    public static TableRef sourceTable(String region, String callerAccount, String arn) {
        String[] parts = arn.split(":", 6);
        if (!arn.startsWith("arn:") || parts.length < 6 || !parts[2].equals("dynamodb") || !parts[5].startsWith("table/")) {
            throw DynamoException.validation("sourceTableArn is not a valid ARN");
        }
        if (!parts[4].equals(callerAccount)) {
            throw DynamoException.validation("This action is only supported by accounts that match the resource owner's account");
        }
        return table(region, callerAccount, arn);
    }

    /** The table name of a TableName member (the name itself, or the table an ARN names). */
    public static String tableName(String region, String callerAccount, String nameOrArn) {
        return table(region, callerAccount, nameOrArn).name();
    }

    /**
     * The stream a StreamArn names: only a stream ARN exactly as the service writes them (its
     * partition, "dynamodb", a region, 12 digits, table name, label) is one; any other text is
     * "Invalid StreamArn", so no variant of an ARN reaches a stream.
     */
    public static StreamRef stream(String arn) {
        Matcher m = arn == null ? null : STREAM.matcher(arn);
        if (m == null || !m.matches() || !m.group(1).equals(Arns.partition(m.group(2)))) throw invalidStreamArn();
        return new StreamRef(m.group(3), m.group(2), m.group(4), m.group(5));
    }

    /** Whether {@link #stream} accepts the text. */
    public static boolean isStream(String arn) {
        try {
            stream(arn);
            return true;
        } catch (DynamoException notOne) {
            return false;
        }
    }

    /** The service's answer to a StreamArn that is not one (the type is the service's; the text as clients quote it). */
    public static DynamoException invalidStreamArn() {
        return DynamoException.validation("Invalid StreamArn");
    }

    /**
     * The table or stream a ResourceArn of TagResource / UntagResource / ListTagsOfResource names, as
     * the live service checks it (ack-api-quirks DDB-TABLE-011/071/136/373, 2026-10-08/09): the ARN's
     * fixed parts compare without case, the table name exactly; another account's ARN is refused.
     */
    public static Resource taggable(String region, String callerAccount, String arn) {
        if (!arn.regionMatches(true, 0, "arn:", 0, 4)) {
            throw DynamoException.validation("One or more parameter values were invalid: ARNs must start with 'arn:': " + arn);
        }
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !parts[2].equalsIgnoreCase("dynamodb")) {
            throw DynamoException.validation("One or more parameter values were invalid: Provided Arn is not a DynamoDB resource arn: " + arn);
        }
        String resource = parts[5];
        if (!resource.regionMatches(true, 0, "table/", 0, 6)) throw onlyTableOrStream(arn);
        if (!parts[4].equals(callerAccount)) throw new DynamoException(ErrorType.ACCESS_DENIED, "Access is denied");
        if (!parts[3].equalsIgnoreCase(region) || !parts[1].equalsIgnoreCase(Arns.partition(region))) {
            throw DynamoException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        String rest = resource.substring("table/".length());
        int slash = rest.indexOf('/');
        String label = null;
        if (slash >= 0) {
            String sub = rest.substring(slash + 1);
            if (!sub.toLowerCase(Locale.ROOT).startsWith("stream/") || sub.length() == "stream/".length()) throw onlyTableOrStream(arn);
            label = sub.substring("stream/".length());
        }
        return new Resource(parts[4], region, slash < 0 ? rest : rest.substring(0, slash), label);
    }

    private static DynamoException onlyTableOrStream(String arn) {
        return DynamoException.validation("One or more parameter values were invalid: Invalid resource arn provided, "
                + "only table or stream is accepted. Provided resource arn: " + arn);
    }

    private static final String INVALID = "One or more parameter values were invalid: ";

    /**
     * The table or stream the ResourceArn of GetResourcePolicy / PutResourcePolicy /
     * DeleteResourcePolicy names (ack-api-quirks DDB-TABLE-212/214/442, live 2026-10-09).
     */
    public static Resource policyResource(String region, String callerAccount, String arn) {
        if (!arn.startsWith("arn:")) throw DynamoException.validation(INVALID + "ARNs must start with 'arn:': " + arn);
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !"dynamodb".equals(parts[2])) {
            throw DynamoException.validation(INVALID + "Provided Arn is not a DynamoDB resource arn: " + arn);
        }
        if (!parts[1].equals(Arns.partition(region)) || !parts[3].equals(region)) {
            throw DynamoException.validation(INVALID + "Invalid resource Arn: " + arn);
        }
        if (!parts[4].equals(callerAccount)) {
            throw DynamoException.validation("This action is only supported by accounts that match the resource owner\u2019s account.");
        }
        if (!parts[5].startsWith("table/")) throw notDynamoDbResource(arn);
        String[] path = parts[5].substring("table/".length()).split("/", -1);
        String table = path[0];
        if (path.length == 3 && path[1].equals("index") && !path[2].isEmpty()) {
            throw DynamoException.validation(INVALID + "Invalid resource arn provided, only table or stream is accepted. Provided resource arn: " + arn);
        }
        boolean stream = path.length == 3 && path[1].equals("stream") && !path[2].isEmpty();
        if (table.isEmpty() || (path.length != 1 && !stream)) throw notDynamoDbResource(arn);
        return new Resource(parts[4], region, table, stream ? path[2] : null);
    }

    /** A DynamoDB ARN of another kind (a backup's): the text as captured, the ARN right after "resource" (DDB-TABLE-212). */
    private static DynamoException notDynamoDbResource(String arn) {
        return DynamoException.validation(INVALID + "Provided Arn is not a DynamoDB resource " + arn);
    }

    /**
     * The canonical ARN of the backup a BackupArn names when looked for in {@code lookupRegion} (live
     * 2026-10-09, DDB-BACKUP-012): a string that is not a backup ARN is "Invalid Backup ARN", another
     * partition or service "BackupArn is not valid", another account AccessDenied.
     */
    public static String backup(String lookupRegion, String callerAccount, String arn) {
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !parts[0].equals("arn") || !BACKUP.matcher(parts[5]).matches()) {
            throw DynamoException.validation("Invalid Backup ARN");
        }
        if (!parts[1].equals(Arns.partition(lookupRegion)) || !parts[2].equals("dynamodb")) {
            throw DynamoException.validation("BackupArn is not valid");
        }
        if (parts[3].isEmpty() || !parts[4].equals(callerAccount)) {
            throw new DynamoException(ErrorType.ACCESS_DENIED, "Access is denied");
        }
        return Arns.prefix(lookupRegion) + parts[4] + ":" + parts[5];
    }

    /** The region a backup ARN names (a cross-region restore's source), or {@code fallback}. */
    public static String backupRegion(String arn, String fallback) {
        String[] parts = arn.split(":", 6);
        return parts.length == 6 && !parts[3].isEmpty() ? parts[3] : fallback;
    }

    private static DynamoException detected(String what) {
        return DynamoException.validation("1 validation error detected: " + what);
    }

    private static DynamoException invalidTableArn(String arn) {
        return detected("Value '" + arn + "' at 'tableName' failed to satisfy constraint: Valid ARN format is "
                + "'arn:<awsPartition>:<vendor>:<region>:<subscriber>:resourceType/resourceName', where Resource name must have "
                + "length less than or equal to 255, Resource name must have length greater than or equal to 3, Resource name "
                + "must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
    }
}
