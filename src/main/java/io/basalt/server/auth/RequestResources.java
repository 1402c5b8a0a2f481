package io.basalt.server.auth;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.api.common.ResourceArns;
import io.basalt.api.streams.ShardIterators;
import io.basalt.expression.partiql.PartiqlParser;
import io.basalt.expression.partiql.PartiqlStatement;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a request does to which resources, in IAM's terms: the action ("dynamodb:GetItem") and the
 * ARN of each table, index or stream it touches, read from the request body as sent. Used for the
 * access log and for authorization; a body that does not parse yields what could be read (the
 * operation itself then refuses it).
 *
 * <p>As the service authorizes them: batch operations act on each of their tables with the batch's
 * own action; TransactWriteItems and TransactGetItems need the single-item action of each of their
 * actions (PutItem, UpdateItem, DeleteItem, ConditionCheckItem, GetItem); PartiQL statements need
 * PartiQLSelect/Insert/Update/Delete on their table (or index); Query and Scan of an index act on
 * the index; operations on no table (ListTables, DescribeLimits, ...) act on "*".
 *
 * <p>Every resource is the canonical ARN of what the operation will touch, read by the operations'
 * own reader (api.common.ResourceArns): a name or ARN that reader refuses refuses the request here,
 * with the operation's own error, before anything is authorized.
 */
public final class RequestResources {
    /** One permission a request needs. */
    public record Access(String action, String resource) {}

    private RequestResources() {}

    /**
     * The accesses of one request of {@code operation} (its name without the target prefix).
     *
     * @throws io.basalt.error.DynamoException the operation's error for a resource name or ARN it refuses
     */
    public static List<Access> of(String operation, String region, String account, InputStream body) {
        Fields f = new Fields();
        try (JsonParser p = Json.FACTORY.createParser(body)) {
            if (p.nextToken() == JsonToken.START_OBJECT) f.read(p);
        } catch (IOException | RuntimeException unreadable) {
            // what was read so far stands; the operation reports the body's fault
        }
        if (f.statement != null) f.statements.add(new Statement(f.statement, f.parameters));
        String table = f.tableName == null ? null : tableArn(region, account, f.tableName);
        List<Access> out = new ArrayList<>();
        switch (operation) {
            case "ListTables", "DescribeLimits", "DescribeEndpoints", "ListStreams", "ListContributorInsights",
                 "ListBackups", "ListExports", "ListImports", "ListGlobalTables" -> out.add(new Access("dynamodb:" + operation, "*"));
            case "BatchGetItem", "BatchWriteItem" -> {
                for (String t : f.requestItems) out.add(new Access("dynamodb:" + operation, tableArn(region, account, t)));
            }
            case "TransactWriteItems", "TransactGetItems" -> {
                for (String[] a : f.transactItems) {
                    String action = switch (a[0]) {
                        case "Put" -> "PutItem";
                        case "Update" -> "UpdateItem";
                        case "Delete" -> "DeleteItem";
                        case "ConditionCheck" -> "ConditionCheckItem";
                        default -> "GetItem";
                    };
                    out.add(new Access("dynamodb:" + action, tableArn(region, account, a[1])));
                }
            }
            case "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction" -> {
                for (Statement statement : f.statements) {
                    Access a = partiql(statement, region, account);
                    if (a != null) out.add(a);
                }
            }
            case "DescribeStream", "GetShardIterator", "GetRecords" -> {
                String stream = f.streamArn != null ? f.streamArn
                        : f.shardIterator != null ? ShardIterators.streamArnOf(f.shardIterator) : null;
                if (stream != null) out.add(new Access("dynamodb:" + operation, ResourceArns.stream(stream).arn()));
            }
            case "TagResource", "UntagResource", "ListTagsOfResource" -> {
                if (f.resourceArn != null) {
                    out.add(new Access("dynamodb:" + operation, ResourceArns.taggable(region, account, f.resourceArn).arn()));
                }
            }
            case "GetResourcePolicy", "PutResourcePolicy", "DeleteResourcePolicy" -> {
                if (f.resourceArn != null) {
                    out.add(new Access("dynamodb:" + operation, ResourceArns.policyResource(region, account, f.resourceArn).arn()));
                }
            }
            case "CreateGlobalTable", "DescribeGlobalTable", "DescribeGlobalTableSettings", "UpdateGlobalTable",
                 "UpdateGlobalTableSettings" -> { // a global table's ARN names no region
                if (f.globalTableName != null) {
                    out.add(new Access("dynamodb:" + operation, "arn:aws:dynamodb::" + account + ":global-table/" + f.globalTableName));
                }
            }
            case "DescribeBackup", "DeleteBackup" -> {
                if (f.backupArn != null) out.add(new Access("dynamodb:" + operation, ResourceArns.backup(region, account, f.backupArn)));
            }
            case "RestoreTableFromBackup" -> {
                // the backup read and the table created (the Service Authorization Reference names both)
                if (f.backupArn != null) {
                    String from = ResourceArns.backupRegion(f.backupArn, region);
                    out.add(new Access("dynamodb:" + operation, ResourceArns.backup(from, account, f.backupArn)));
                }
                if (f.targetTableName != null) out.add(new Access("dynamodb:" + operation, tableArn(region, account, f.targetTableName)));
            }
            case "RestoreTableToPointInTime" -> {
                // the table restored from and the table created
                if (f.sourceTableArn != null) {
                    out.add(new Access("dynamodb:" + operation, ResourceArns.sourceTable(region, account, f.sourceTableArn).arn()));
                } else if (f.sourceTableName != null) {
                    out.add(new Access("dynamodb:" + operation, tableArn(region, account, f.sourceTableName)));
                }
                if (f.targetTableName != null) out.add(new Access("dynamodb:" + operation, tableArn(region, account, f.targetTableName)));
            }
            case "ExportTableToPointInTime" -> {
                if (f.tableArn != null) out.add(new Access("dynamodb:" + operation, tableArn(region, account, f.tableArn)));
            }
            case "DescribeExport" -> {
                if (f.exportArn != null) out.add(new Access("dynamodb:" + operation, f.exportArn));
            }
            case "DescribeImport" -> {
                if (f.importArn != null) out.add(new Access("dynamodb:" + operation, f.importArn));
            }
            case "ImportTable" -> {
                if (f.creationTableName != null) out.add(new Access("dynamodb:" + operation, tableArn(region, account, f.creationTableName)));
            }
            case "DescribeTableActivity" -> { // Basalt's console: what DescribeTable and Contributor Insights show
                if (table != null) {
                    out.add(new Access("dynamodb:DescribeTable", table));
                    out.add(new Access("dynamodb:DescribeContributorInsights", table));
                }
            }
            case "Query", "Scan", "SearchVectors" -> { // SearchVectors: on the vector index's ARN
                if (table != null) out.add(new Access("dynamodb:" + operation, f.indexName == null ? table : table + "/index/" + f.indexName));
            }
            default -> {
                if (table != null) out.add(new Access("dynamodb:" + operation, table));
            }
        }
        return List.copyOf(new LinkedHashSet<>(out));
    }

    /** A table name or ARN as the canonical ARN of the table (refused as the operations refuse it). */
    public static String tableArn(String region, String account, String nameOrArn) {
        return ResourceArns.table(region, account, nameOrArn).arn();
    }

    /** A PartiQL statement and its parameters, as sent. */
    private record Statement(String text, List<io.basalt.model.AttributeValue> parameters) {}

    private static Access partiql(Statement statement, String region, String account) {
        PartiqlStatement s;
        try {
            s = PartiqlParser.parse(statement.text(), statement.parameters());
        } catch (RuntimeException unparsable) {
            return null; // refused by the operation before it touches anything
        }
        return switch (s) {
            case PartiqlStatement.Select sel -> new Access("dynamodb:PartiQLSelect", tableArn(region, account, sel.table())
                    + (sel.index() == null ? "" : "/index/" + sel.index()));
            case PartiqlStatement.Exists e -> new Access("dynamodb:PartiQLSelect", tableArn(region, account, e.table()));
            case PartiqlStatement.Insert i -> new Access("dynamodb:PartiQLInsert", tableArn(region, account, i.table()));
            case PartiqlStatement.Update u -> new Access("dynamodb:PartiQLUpdate", tableArn(region, account, u.table()));
            case PartiqlStatement.Delete d -> new Access("dynamodb:PartiQLDelete", tableArn(region, account, d.table()));
        };
    }

    /** The members of a request that name resources. */
    private static final class Fields {
        String tableName, indexName, streamArn, shardIterator, resourceArn, backupArn, targetTableName;
        String tableArn, sourceTableArn, sourceTableName, exportArn, importArn, creationTableName;
        final Set<String> requestItems = new LinkedHashSet<>();
        final List<String[]> transactItems = new ArrayList<>();
        final List<Statement> statements = new ArrayList<>();
        /** Parameters of ExecuteStatement (beside its Statement). */
        List<io.basalt.model.AttributeValue> parameters = List.of();
        String statement;
        String globalTableName;

        void read(JsonParser p) throws IOException {
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken t = p.nextToken();
                switch (name) {
                    case "TableName" -> tableName = text(p, t);
                    case "IndexName" -> indexName = text(p, t);
                    case "StreamArn" -> streamArn = text(p, t);
                    case "GlobalTableName" -> globalTableName = text(p, t);
                    case "ShardIterator" -> shardIterator = text(p, t);
                    case "ResourceArn" -> resourceArn = text(p, t);
                    case "BackupArn" -> backupArn = text(p, t);
                    case "TargetTableName" -> targetTableName = text(p, t);
                    case "TableArn" -> tableArn = text(p, t);
                    case "SourceTableArn" -> sourceTableArn = text(p, t);
                    case "SourceTableName" -> sourceTableName = text(p, t);
                    case "ExportArn" -> exportArn = text(p, t);
                    case "ImportArn" -> importArn = text(p, t);
                    case "TableCreationParameters" -> {
                        if (t == JsonToken.START_OBJECT) creationTableName = tableIn(p);
                        else p.skipChildren();
                    }
                    case "Statement" -> statement = text(p, t);
                    case "Parameters" -> parameters = parameters(p, t);
                    case "RequestItems" -> {
                        if (t != JsonToken.START_OBJECT) { p.skipChildren(); break; }
                        while (p.nextToken() == JsonToken.FIELD_NAME) {
                            requestItems.add(p.currentName());
                            p.nextToken();
                            p.skipChildren();
                        }
                    }
                    case "TransactItems" -> {
                        if (t != JsonToken.START_ARRAY) { p.skipChildren(); break; }
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            while (p.nextToken() == JsonToken.FIELD_NAME) {
                                String kind = p.currentName();
                                if (p.nextToken() == JsonToken.START_OBJECT) {
                                    String table = tableIn(p);
                                    if (table != null) transactItems.add(new String[] {kind, table});
                                } else {
                                    p.skipChildren();
                                }
                            }
                        }
                    }
                    case "Statements", "TransactStatements" -> {
                        if (t != JsonToken.START_ARRAY) { p.skipChildren(); break; }
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            String text = null;
                            List<io.basalt.model.AttributeValue> params = List.of();
                            while (p.nextToken() == JsonToken.FIELD_NAME) {
                                String member = p.currentName();
                                JsonToken v = p.nextToken();
                                if (member.equals("Statement")) text = text(p, v);
                                else if (member.equals("Parameters")) params = parameters(p, v);
                                else p.skipChildren();
                            }
                            if (text != null) statements.add(new Statement(text, params));
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        }

        private static String tableIn(JsonParser p) throws IOException {
            String table = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String member = p.currentName();
                JsonToken v = p.nextToken();
                if (member.equals("TableName")) table = text(p, v);
                else p.skipChildren();
            }
            return table;
        }

        /** A Parameters list as AttributeValues (the statement's placeholders are bound to them). */
        private static List<io.basalt.model.AttributeValue> parameters(JsonParser p, JsonToken t) throws IOException {
            if (t != JsonToken.START_ARRAY) {
                p.skipChildren();
                return List.of();
            }
            List<io.basalt.model.AttributeValue> values = new ArrayList<>();
            while (p.nextToken() == JsonToken.START_OBJECT) values.add(io.basalt.wire.AttributeValueJson.read(p));
            return values;
        }

        private static String text(JsonParser p, JsonToken t) throws IOException {
            if (t == JsonToken.VALUE_STRING) return p.getText();
            p.skipChildren();
            return null;
        }
    }
}
