package io.basalt.engine.catalog;

import io.basalt.model.AttrType;
import io.basalt.model.KeyShape;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything durable about a table. Immutable: changes produce a new definition that replaces the
 * old one in the catalog with a compare-and-set.
 *
 * @param id storage id, unique and never reused
 * @param creationTime epoch seconds with fraction
 * @param attributeDefinitions name to S/N/B, in the order the client gave them
 * @param billingMode PROVISIONED or PAY_PER_REQUEST
 * @param lastUpdateToPayPerRequest epoch seconds, 0 when never switched
 * @param tableClass STANDARD or STANDARD_INFREQUENT_ACCESS; null when never set
 * @param ttlAttribute the TTL attribute when TTL is enabled, else null
 * @param ttlChange the latest TTL change, or null when TTL was never changed
 * @param resourcePolicies resource-based policies (PutResourcePolicy): "" for the table's, the
 *                         stream label for a stream's
 * @param restoreSummary where a table restored from a backup came from; null for other tables
 * @param sseKeyArn the KMS key ARN the table is encrypted with (SSEType KMS); null for the default
 *                  AWS-owned key, which the service does not describe
 * @param warm the table's WarmThroughput high-water mark ({@link WarmThroughput#NONE} when never raised)
 * @param replicas the other tables of its global table (version 2019.11.21), in the order they joined; empty
 *                 for a regional table
 */
public record TableDefinition(
        String name,
        long id,
        String uuid,
        double creationTime,
        Map<String, AttrType> attributeDefinitions,
        KeyShape keys,
        String billingMode,
        Throughput throughput,
        double lastUpdateToPayPerRequest,
        OnDemandLimits onDemand,
        List<IndexDefinition> localIndexes,
        List<IndexDefinition> globalIndexes,
        StreamSettings stream,
        boolean deletionProtection,
        String tableClass,
        String ttlAttribute,
        Map<String, String> tags,
        TtlChange ttlChange,
        Map<String, ResourcePolicy> resourcePolicies,
        RestoreSummary restoreSummary,
        String sseKeyArn,
        WarmThroughput warm,
        List<Replica> replicas,
        List<VectorIndexDefinition> vectorIndexes) {

    /**
     * Another region's table of the same global table.
     *
     * @param region its region (RegionName)
     * @param namespace its catalog namespace (model.Namespaces)
     * @param addedMillis when it joined the group (the first table: when it was created)
     * @param sourceRegion the region whose endpoint added it (the service's "source region"); null for the first table
     */
    public record Replica(String region, String namespace, long addedMillis, String sourceRegion) {}

    /** A table that belongs to no global table. */
    public TableDefinition(String name, long id, String uuid, double creationTime, Map<String, AttrType> attributeDefinitions,
                           KeyShape keys, String billingMode, Throughput throughput, double lastUpdateToPayPerRequest,
                           OnDemandLimits onDemand, List<IndexDefinition> localIndexes, List<IndexDefinition> globalIndexes,
                           StreamSettings stream, boolean deletionProtection, String tableClass, String ttlAttribute,
                           Map<String, String> tags, TtlChange ttlChange, Map<String, ResourcePolicy> resourcePolicies,
                           RestoreSummary restoreSummary, String sseKeyArn, WarmThroughput warm) {
        this(name, id, uuid, creationTime, attributeDefinitions, keys, billingMode, throughput, lastUpdateToPayPerRequest, onDemand,
                localIndexes, globalIndexes, stream, deletionProtection, tableClass, ttlAttribute, tags, ttlChange, resourcePolicies,
                restoreSummary, sseKeyArn, warm, List.of());
    }

    /** A table without vector indexes. */
    public TableDefinition(String name, long id, String uuid, double creationTime, Map<String, AttrType> attributeDefinitions,
                           KeyShape keys, String billingMode, Throughput throughput, double lastUpdateToPayPerRequest,
                           OnDemandLimits onDemand, List<IndexDefinition> localIndexes, List<IndexDefinition> globalIndexes,
                           StreamSettings stream, boolean deletionProtection, String tableClass, String ttlAttribute,
                           Map<String, String> tags, TtlChange ttlChange, Map<String, ResourcePolicy> resourcePolicies,
                           RestoreSummary restoreSummary, String sseKeyArn, WarmThroughput warm, List<Replica> replicas) {
        this(name, id, uuid, creationTime, attributeDefinitions, keys, billingMode, throughput, lastUpdateToPayPerRequest, onDemand,
                localIndexes, globalIndexes, stream, deletionProtection, tableClass, ttlAttribute, tags, ttlChange, resourcePolicies,
                restoreSummary, sseKeyArn, warm, replicas, List.of());
    }

    /** The vector index named {@code indexName}, or null. */
    public VectorIndexDefinition vectorIndex(String indexName) {
        for (VectorIndexDefinition v : vectorIndexes) if (v.name().equals(indexName)) return v;
        return null;
    }

    /** Whether the table is part of a global table (it has replicas in other regions). */
    public boolean global() {
        return !replicas.isEmpty();
    }

    /** The replica in {@code region}, or null. */
    public Replica replica(String region) {
        for (Replica r : replicas) if (r.region().equals(region)) return r;
        return null;
    }

    /** A table whose warm throughput is what its throughput implies. */
    public TableDefinition(String name, long id, String uuid, double creationTime, Map<String, AttrType> attributeDefinitions,
                           KeyShape keys, String billingMode, Throughput throughput, double lastUpdateToPayPerRequest,
                           OnDemandLimits onDemand, List<IndexDefinition> localIndexes, List<IndexDefinition> globalIndexes,
                           StreamSettings stream, boolean deletionProtection, String tableClass, String ttlAttribute,
                           Map<String, String> tags, TtlChange ttlChange, Map<String, ResourcePolicy> resourcePolicies,
                           RestoreSummary restoreSummary, String sseKeyArn) {
        this(name, id, uuid, creationTime, attributeDefinitions, keys, billingMode, throughput, lastUpdateToPayPerRequest, onDemand,
                localIndexes, globalIndexes, stream, deletionProtection, tableClass, ttlAttribute, tags, ttlChange, resourcePolicies,
                restoreSummary, sseKeyArn, WarmThroughput.NONE);
    }

    /** A table on the default AWS-owned encryption key. */
    public TableDefinition(String name, long id, String uuid, double creationTime, Map<String, AttrType> attributeDefinitions,
                           KeyShape keys, String billingMode, Throughput throughput, double lastUpdateToPayPerRequest,
                           OnDemandLimits onDemand, List<IndexDefinition> localIndexes, List<IndexDefinition> globalIndexes,
                           StreamSettings stream, boolean deletionProtection, String tableClass, String ttlAttribute,
                           Map<String, String> tags, TtlChange ttlChange, Map<String, ResourcePolicy> resourcePolicies,
                           RestoreSummary restoreSummary) {
        this(name, id, uuid, creationTime, attributeDefinitions, keys, billingMode, throughput, lastUpdateToPayPerRequest, onDemand,
                localIndexes, globalIndexes, stream, deletionProtection, tableClass, ttlAttribute, tags, ttlChange, resourcePolicies,
                restoreSummary, null);
    }

    /** A table that was not restored from a backup. */
    public TableDefinition(String name, long id, String uuid, double creationTime, Map<String, AttrType> attributeDefinitions,
                           KeyShape keys, String billingMode, Throughput throughput, double lastUpdateToPayPerRequest,
                           OnDemandLimits onDemand, List<IndexDefinition> localIndexes, List<IndexDefinition> globalIndexes,
                           StreamSettings stream, boolean deletionProtection, String tableClass, String ttlAttribute,
                           Map<String, String> tags, TtlChange ttlChange, Map<String, ResourcePolicy> resourcePolicies) {
        this(name, id, uuid, creationTime, attributeDefinitions, keys, billingMode, throughput, lastUpdateToPayPerRequest, onDemand,
                localIndexes, globalIndexes, stream, deletionProtection, tableClass, ttlAttribute, tags, ttlChange, resourcePolicies, null);
    }

    /**
     * RestoreSummary of a restored table: the backup (and its table) it came from and when.
     *
     * @param restoreDateTime epoch seconds with fraction
     */
    public record RestoreSummary(String sourceBackupArn, String sourceTableArn, double restoreDateTime) {}

    /** A table without resource policies. */
    public TableDefinition(String name, long id, String uuid, double creationTime, Map<String, AttrType> attributeDefinitions,
                           KeyShape keys, String billingMode, Throughput throughput, double lastUpdateToPayPerRequest,
                           OnDemandLimits onDemand, List<IndexDefinition> localIndexes, List<IndexDefinition> globalIndexes,
                           StreamSettings stream, boolean deletionProtection, String tableClass, String ttlAttribute,
                           Map<String, String> tags, TtlChange ttlChange) {
        this(name, id, uuid, creationTime, attributeDefinitions, keys, billingMode, throughput, lastUpdateToPayPerRequest, onDemand,
                localIndexes, globalIndexes, stream, deletionProtection, tableClass, ttlAttribute, tags, ttlChange, Map.of());
    }

    public TableDefinition {
        resourcePolicies = resourcePolicies == null ? Map.of() : Map.copyOf(resourcePolicies);
        if (warm == null) warm = WarmThroughput.NONE;
        replicas = replicas == null ? List.of() : List.copyOf(replicas);
        vectorIndexes = vectorIndexes == null ? List.of() : List.copyOf(vectorIndexes);
    }

    /** The WarmThroughput the table shows (its high-water mark, at least what its throughput implies). */
    public WarmThroughput shownWarm() {
        return WarmThroughput.shown(warm, payPerRequest(), throughput);
    }

    /**
     * The table's (key "") or a stream's (key: its label) resource-based policy and its revision.
     * A deleted policy stays as a tombstone (document null) whose revision is the deletion's time:
     * the service answers a later DeleteResourcePolicy with that revision.
     */
    public record ResourcePolicy(String document, String revisionId) {
        public static ResourcePolicy deletedAt(String revisionId) {
            return new ResourcePolicy(null, revisionId);
        }

        public boolean deleted() {
            return document == null;
        }
    }

    /** The resource policy in force on the table (streamLabel null) or on one of its streams, or null. */
    public ResourcePolicy resourcePolicy(String streamLabel) {
        ResourcePolicy p = resourcePolicies.get(streamLabel == null ? "" : streamLabel);
        return p == null || p.deleted() ? null : p;
    }

    public static final String PROVISIONED = "PROVISIONED";
    public static final String PAY_PER_REQUEST = "PAY_PER_REQUEST";

    public boolean payPerRequest() {
        return PAY_PER_REQUEST.equals(billingMode);
    }

    public IndexDefinition index(String indexName) {
        for (IndexDefinition i : localIndexes) if (i.name().equals(indexName)) return i;
        for (IndexDefinition i : globalIndexes) if (i.name().equals(indexName)) return i;
        return null;
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    /** Copy-and-change helper for UpdateTable, tags and TTL. */
    public static final class Builder {
        private String name; private long id; private String uuid; private double creationTime;
        private Map<String, AttrType> attributeDefinitions; private KeyShape keys; private String billingMode;
        private Throughput throughput; private double lastUpdateToPayPerRequest; private OnDemandLimits onDemand;
        private List<IndexDefinition> localIndexes; private List<IndexDefinition> globalIndexes;
        private StreamSettings stream; private boolean deletionProtection; private String tableClass;
        private String ttlAttribute; private Map<String, String> tags; private TtlChange ttlChange;
        private Map<String, ResourcePolicy> resourcePolicies;
        private RestoreSummary restoreSummary;
        private String sseKeyArn;
        private WarmThroughput warm;
        private List<Replica> replicas;
        private List<VectorIndexDefinition> vectorIndexes;

        private Builder(TableDefinition t) {
            name = t.name; id = t.id; uuid = t.uuid; creationTime = t.creationTime;
            attributeDefinitions = t.attributeDefinitions; keys = t.keys; billingMode = t.billingMode;
            throughput = t.throughput; lastUpdateToPayPerRequest = t.lastUpdateToPayPerRequest; onDemand = t.onDemand;
            localIndexes = t.localIndexes; globalIndexes = t.globalIndexes; stream = t.stream;
            deletionProtection = t.deletionProtection; tableClass = t.tableClass; ttlAttribute = t.ttlAttribute;
            tags = new LinkedHashMap<>(t.tags);
            ttlChange = t.ttlChange;
            resourcePolicies = new LinkedHashMap<>(t.resourcePolicies);
            restoreSummary = t.restoreSummary;
            sseKeyArn = t.sseKeyArn;
            warm = t.warm;
            replicas = t.replicas;
            vectorIndexes = t.vectorIndexes;
        }

        public Builder attributeDefinitions(Map<String, AttrType> v) { attributeDefinitions = v; return this; }
        public Builder billingMode(String v) { billingMode = v; return this; }
        public Builder throughput(Throughput v) { throughput = v; return this; }
        public Builder lastUpdateToPayPerRequest(double v) { lastUpdateToPayPerRequest = v; return this; }
        public Builder onDemand(OnDemandLimits v) { onDemand = v; return this; }
        public Builder globalIndexes(List<IndexDefinition> v) { globalIndexes = v; return this; }
        public Builder stream(StreamSettings v) { stream = v; return this; }
        public Builder deletionProtection(boolean v) { deletionProtection = v; return this; }
        public Builder tableClass(String v) { tableClass = v; return this; }
        public Builder ttlAttribute(String v) { ttlAttribute = v; return this; }
        public Builder ttlChange(TtlChange v) { ttlChange = v; return this; }
        public Builder sseKeyArn(String v) { sseKeyArn = v; return this; }
        public Builder warm(WarmThroughput v) { warm = v; return this; }
        public Builder replicas(List<Replica> v) { replicas = v; return this; }
        public Builder vectorIndexes(List<VectorIndexDefinition> v) { vectorIndexes = v; return this; }
        public Builder id(long v) { id = v; return this; }
        public Builder uuid(String v) { uuid = v; return this; }
        public Builder creationTime(double v) { creationTime = v; return this; }
        public Builder localIndexes(List<IndexDefinition> v) { localIndexes = v; return this; }
        public Builder restoreSummary(RestoreSummary v) { restoreSummary = v; return this; }
        public Builder tags(Map<String, String> v) { tags = new LinkedHashMap<>(v); return this; }
        public Builder resourcePolicies(Map<String, ResourcePolicy> v) { resourcePolicies = new LinkedHashMap<>(v); return this; }
        public Map<String, String> tags() { return tags; }
        /** Resource policies by "" (the table) or stream label, to change in place. */
        public Map<String, ResourcePolicy> resourcePolicies() { return resourcePolicies; }

        public TableDefinition build() {
            return new TableDefinition(name, id, uuid, creationTime, attributeDefinitions, keys, billingMode, throughput,
                    lastUpdateToPayPerRequest, onDemand, localIndexes, globalIndexes, stream, deletionProtection,
                    tableClass, ttlAttribute, Map.copyOf(tags).isEmpty() ? Map.of() : new LinkedHashMap<>(tags), ttlChange,
                    resourcePolicies, restoreSummary, sseKeyArn, warm, replicas, vectorIndexes);
        }
    }
}
