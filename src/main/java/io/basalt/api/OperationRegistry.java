package io.basalt.api;

import io.basalt.engine.Engine;
import java.util.HashMap;
import java.util.Map;

/** Every operation of the DynamoDB_20120810 API that Basalt serves, by name. */
public final class OperationRegistry {
    private final Map<String, Operation<?>> operations = new HashMap<>();
    private final Map<String, Operation<?>> streamOperations = new HashMap<>();
    private final Map<String, Operation<?>> extensions = new HashMap<>();
    private final Engine engine;

    public OperationRegistry(Engine engine) {
        this(engine, PolicyGrammar.JSON_OBJECT_ONLY);
    }

    /**
     * @param policies the resource-policy grammar (it lives with authorization, above this layer)
     */
    public OperationRegistry(Engine engine, PolicyGrammar policies) {
        this.engine = engine;
        // Control plane
        register(new io.basalt.api.table.CreateTable(engine, policies));
        register(new io.basalt.api.table.DescribeTable(engine));
        register(new io.basalt.api.table.ListTables(engine));
        register(new io.basalt.api.table.DeleteTable(engine));
        register(new io.basalt.api.table.UpdateTable(engine));
        register(new io.basalt.api.table.TagResource(engine));
        register(new io.basalt.api.table.UntagResource(engine));
        register(new io.basalt.api.table.ListTagsOfResource(engine));
        register(new io.basalt.api.table.PutResourcePolicy(engine, policies));
        register(new io.basalt.api.table.GetResourcePolicy(engine, policies));
        register(new io.basalt.api.table.DeleteResourcePolicy(engine));
        register(new io.basalt.api.table.UpdateTimeToLive(engine));
        register(new io.basalt.api.table.DescribeTimeToLive(engine));
        register(new io.basalt.api.table.DescribeTableReplicaAutoScaling(engine));
        register(new io.basalt.api.table.DescribeLimits());
        register(new io.basalt.api.table.DescribeEndpoints());
        register(new io.basalt.api.table.UpdateContributorInsights(engine));
        register(new io.basalt.api.table.DescribeContributorInsights(engine));
        register(new io.basalt.api.table.ListContributorInsights(engine));
        // Kinesis Data Streams destinations (none is delivered to: every one ends ENABLE_FAILED)
        register(new io.basalt.api.kinesis.EnableKinesisStreamingDestination(engine));
        register(new io.basalt.api.kinesis.DescribeKinesisStreamingDestination(engine));
        register(new io.basalt.api.kinesis.DisableKinesisStreamingDestination(engine));
        register(new io.basalt.api.kinesis.UpdateKinesisStreamingDestination(engine));
        // Legacy global tables (2017.11.29): answered as for an account without any
        register(new io.basalt.api.globaltable.CreateGlobalTable());
        register(io.basalt.api.globaltable.LegacyGlobalTableLookup.describeGlobalTable());
        register(io.basalt.api.globaltable.LegacyGlobalTableLookup.describeGlobalTableSettings());
        register(io.basalt.api.globaltable.LegacyGlobalTableLookup.updateGlobalTableSettings());
        register(new io.basalt.api.globaltable.UpdateGlobalTable());
        register(new io.basalt.api.globaltable.ListGlobalTables());
        // On-demand backups
        register(new io.basalt.api.backup.CreateBackup(engine));
        register(new io.basalt.api.backup.DescribeBackup(engine));
        register(new io.basalt.api.backup.ListBackups(engine));
        register(new io.basalt.api.backup.DeleteBackup(engine));
        register(new io.basalt.api.backup.RestoreTableFromBackup(engine));
        register(new io.basalt.api.backup.UpdateContinuousBackups(engine));
        register(new io.basalt.api.backup.DescribeContinuousBackups(engine));
        register(new io.basalt.api.backup.RestoreTableToPointInTime(engine));
        // Exports to a local directory (--export-root)
        register(new io.basalt.api.transfer.ExportTableToPointInTime(engine));
        register(new io.basalt.api.transfer.DescribeExport(engine));
        register(new io.basalt.api.transfer.ListExports(engine));
        register(new io.basalt.api.transfer.ImportTable(engine));
        register(new io.basalt.api.transfer.DescribeImport(engine));
        register(new io.basalt.api.transfer.ListImports(engine));
        // Items
        register(new io.basalt.api.item.PutItem(engine));
        register(new io.basalt.api.item.GetItem(engine));
        register(new io.basalt.api.item.UpdateItem(engine));
        register(new io.basalt.api.item.DeleteItem(engine));
        // Reads of many items
        register(new io.basalt.api.query.Query(engine));
        register(new io.basalt.api.query.Scan(engine));
        register(new io.basalt.api.query.SearchVectors(engine));
        // Batches and transactions
        register(new io.basalt.api.batch.BatchGetItem(engine));
        register(new io.basalt.api.batch.BatchWriteItem(engine));
        register(new io.basalt.api.transact.TransactWriteItems(engine));
        register(new io.basalt.api.transact.TransactGetItems(engine));
        // PartiQL
        register(new io.basalt.api.partiql.ExecuteStatement(engine));
        register(new io.basalt.api.partiql.BatchExecuteStatement(engine));
        register(new io.basalt.api.partiql.ExecuteTransaction(engine));
        // DynamoDB Streams API (DynamoDBStreams_20120810), on the same endpoint
        registerStream(new io.basalt.api.streams.ListStreams(engine));
        registerStream(new io.basalt.api.streams.DescribeStream(engine));
        registerStream(new io.basalt.api.streams.GetShardIterator(engine));
        registerStream(new io.basalt.api.streams.GetRecords(engine));
        // Basalt's own operations for the console (Basalt_20261125), on the same endpoint
        Operation<?> activity = new io.basalt.api.activity.DescribeTableActivity(engine);
        extensions.put(activity.name(), activity);
    }

    /** A Basalt extension operation (Basalt_20261125.*) for a name, or null when unknown. */
    public Operation<?> findExtension(String name) {
        return extensions.get(name);
    }

    /** The least a policy document must be without the policy grammar: one JSON object. */
    private void register(Operation<?> op) {
        operations.put(op.name(), op);
    }

    private void registerStream(Operation<?> op) {
        streamOperations.put(op.name(), op);
    }

    /** The DynamoDB Streams operation for a name, or null when unknown. */
    public Operation<?> findStream(String name) {
        return streamOperations.get(name);
    }

    /**
     * Called once a response has left the thread that built it (answered or failed): a large
     * response's slot is free again.
     */
    public void afterResponse() {
        engine.largeReads().release();
    }

    /** The operation for a name, or null when unknown. */
    public Operation<?> find(String name) {
        return operations.get(name);
    }
}
