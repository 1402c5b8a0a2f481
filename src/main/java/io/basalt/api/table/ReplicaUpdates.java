package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.OnDemandLimits;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import io.basalt.wire.JsonIn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

/**
 * UpdateTable's ReplicaUpdates (global tables version 2019.11.21, multi-Region eventual
 * consistency): adds a replica (a table of the same name in another region of the account, filled
 * with the items and kept in step by engine.replica.Replicator), changes one, or removes one.
 * Every answer as the service gave it live (ack-api-quirks table-replicas.md and
 * table-global-tables.md, 2026-10-08/09; the finding is named where a text is produced).
 */
final class ReplicaUpdates {
    static final String VERSION = "2019.11.21";
    private static final long SOURCE_WINDOW_MILLIS = 24 * 3600 * 1000L;

    /** One action of an element: Create, Update or Delete of the replica in {@code region}. */
    record Action(String type, String region, String kmsMasterKeyId, String tableClassOverride, Long maxReadOverride,
                  boolean provisionedOverride, List<String> indexOverrides) {
        boolean changesSomething() {
            return kmsMasterKeyId != null || tableClassOverride != null || maxReadOverride != null || provisionedOverride
                    || !indexOverrides.isEmpty();
        }
    }

    /** One element of ReplicaUpdates: its actions (the service wants exactly one). */
    record Element(List<Action> actions) {}

    private ReplicaUpdates() {}

    static List<Element> parse(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            List<Action> actions = new ArrayList<>();
            JsonIn.object(q, (type, v) -> {
                if (type.equals("Create") || type.equals("Update") || type.equals("Delete")) {
                    actions.add(action(type, v));
                } else {
                    JsonIn.skip(v);
                }
            });
            return new Element(actions);
        });
    }

    private static Action action(String type, JsonParser p) throws IOException {
        String[] s = new String[3];
        Long[] maxRead = new Long[1];
        boolean[] provisioned = new boolean[1];
        List<String> indexes = new ArrayList<>();
        JsonIn.object(p, (n, v) -> {
            switch (n) {
                case "RegionName" -> s[0] = JsonIn.string(v);
                case "KMSMasterKeyId" -> s[1] = JsonIn.string(v);
                case "TableClassOverride" -> s[2] = JsonIn.string(v);
                case "ProvisionedThroughputOverride" -> {
                    provisioned[0] = true;
                    JsonIn.skip(v);
                }
                case "OnDemandThroughputOverride" -> JsonIn.object(v, (m, w) -> {
                    if (m.equals("MaxReadRequestUnits")) maxRead[0] = JsonIn.integer(w);
                    else JsonIn.skip(w);
                });
                case "GlobalSecondaryIndexes" -> JsonIn.list(v, i -> {
                    JsonIn.object(i, (m, w) -> {
                        if (m.equals("IndexName")) indexes.add(JsonIn.string(w));
                        else JsonIn.skip(w);
                    });
                    return null;
                });
                default -> JsonIn.skip(v);
            }
        });
        return new Action(type, s[0], s[1], s[2], maxRead[0], provisioned[0], indexes);
    }

    /** Member constraints: a non-empty list, a RegionName in every action, a known table class. */
    static void constraints(Constraints c, List<Element> elements) {
        if (elements == null) return;
        c.minSize(elements, "replicaUpdates", 1);
        for (int i = 0; i < elements.size(); i++) {
            for (Action a : elements.get(i).actions()) {
                String path = "replicaUpdates." + (i + 1) + ".member." + a.type().toLowerCase(java.util.Locale.ROOT);
                c.notNull(a.region(), path + ".regionName");
                c.enumValue(a.tableClassOverride(), path + ".tableClassOverride", CreateTableValidator.TABLE_CLASS_ENUM);
            }
        }
    }

    /**
     * The rules that need no table, in the service's order: replica changes alone in the request
     * (DDB-TABLE-224), the MultiRegionConsistency shapes (DDB-TABLE-257/258), one action per element
     * and one create or delete per request (DDB-TABLE-223/265). Returns the distinct actions.
     */
    static List<Action> requestRules(List<Element> elements, boolean otherChanges, String multiRegionConsistency) {
        if (otherChanges) {
            throw DynamoException.validation("One or more parameter values were invalid: Replica modification must be the only operation in the request");
        }
        List<Action> all = new ArrayList<>();
        for (Element e : elements) all.addAll(e.actions());
        if ("STRONG".equals(multiRegionConsistency)) {
            if (all.stream().anyMatch(a -> !a.type().equals("Create"))) {
                throw DynamoException.validation("Only Replica Create actions are supported when MultiRegionConsistency parameter is provided.");
            }
            if (all.stream().map(Action::region).distinct().count() < 2) {
                throw DynamoException.validation("Unsupported replica count for global tables with MultiRegionConsistency set to STRONG.");
            }
            // multi-Region strong consistency needs synchronous replication and witnesses: not modelled (docs/global-tables.md)
            throw DynamoException.validation("Basalt does not support global tables with MultiRegionConsistency set to STRONG.");
        }
        for (Element e : elements) {
            if (e.actions().isEmpty()) {
                throw DynamoException.validation("There are no actions specified in the Replica Update Action of the request.");
            }
            if (e.actions().size() > 1) {
                throw DynamoException.validation("Update table operation with more than one type of replica actions not allowed.");
            }
        }
        Set<String> types = new LinkedHashSet<>();
        for (Action a : all) types.add(a.type());
        if (types.size() > 1) {
            throw DynamoException.validation("Update table operation with more than one type of replica actions not allowed.");
        }
        // two identical Creates for one region count as one (DDB-TABLE-224)
        List<Action> distinct = new ArrayList<>(new LinkedHashSet<>(all));
        if (!types.contains("Update") && distinct.size() > 1) {
            throw DynamoException.validation("Update table operation with more than one create or delete replica actions not allowed");
        }
        for (Action a : distinct) {
            if (a.type().equals("Update") && !a.changesSomething()) {
                throw DynamoException.validation("There are no actions specified in the Replica Update Action of the request.");
            }
        }
        return distinct;
    }

    /** Applies the actions to the table named {@code name} of the caller's region; returns what the answer shows. */
    static TableCatalog.Entry execute(Engine engine, RequestContext ctx, String namespace, String name, List<Action> actions) {
        TableCatalog.Entry table = engine.catalog().require(namespace, name, TableNames.notFound(name));
        TableCatalog.Entry shown = table;
        for (Action a : actions) {
            regionRules(ctx, a);
            shown = switch (a.type()) {
                case "Create" -> create(engine, ctx, table, a);
                case "Delete" -> delete(engine, ctx, table, a);
                default -> update(engine, ctx, table, a);
            };
            table = engine.catalog().require(namespace, name, TableNames.notFound(name));
        }
        return shown;
    }

    /** The local region and unknown regions (DDB-TABLE-203/223). */
    private static void regionRules(RequestContext ctx, Action a) {
        if (a.region().equals(ctx.region())) {
            throw DynamoException.validation("Cannot add or delete the local region through ReplicaUpdates. Use CreateTable, DeleteTable, or UpdateTable as required.");
        }
        if (!SUPPORTED_REGIONS.contains(a.region())) {
            throw DynamoException.validation("Region " + a.region() + " is not supported. The latest version of global tables are only supported in the following regions: "
                    + SUPPORTED_REGIONS + ".");
        }
    }

    private static DynamoException notMember(String region) {
        return DynamoException.validation("Update global table operation failed because one or more replicas were not part of the global table. Please retry the request without these replicas: ["
                + region + "].");
    }

    private static DynamoException keyPerReplica() {
        return DynamoException.validation("One or more parameter values were invalid: KMSMasterKeyId must be specified for each replica.");
    }

    private static TableCatalog.Entry create(Engine engine, RequestContext ctx, TableCatalog.Entry table, Action a) {
        TableDefinition t = table.definition();
        if (!t.payPerRequest()) {
            // Basalt has no Application Auto Scaling, so a provisioned table is never auto-scaled (DDB-TABLE-188)
            throw DynamoException.validation("Table write capacity should either be Pay-Per-Request or AutoScaled.");
        }
        String namespace = ctx.namespace(io.basalt.model.Namespaces.account(table.account()), a.region());
        if (t.replica(a.region()) != null || engine.catalog().find(namespace, t.name()) != null) {
            // also a foreign table of the same name there (DDB-TABLE-203/225)
            throw DynamoException.validation("Failed to create a the new replica of table with name: \u2018" + t.name()
                    + "\u2019 because one or more replicas already existed as tables.");
        }
        // a CMK table needs a key per replica, an AWS-owned-key table takes none (DDB-TABLE-313/295)
        if ((t.sseKeyArn() != null) != (a.kmsMasterKeyId() != null)) throw keyPerReplica();
        indexOverrideRules(t, a);
        long now = engine.clock().millis();
        // the service enables a NEW_AND_OLD_IMAGES stream when there is none, and keeps any other (DDB-TABLE-221/305)
        TableDefinition withStream = t.stream().enabled() ? t : t.toBuilder().stream(enabledStream(engine, t.stream())).build();
        List<TableDefinition.Replica> members = new ArrayList<>(t.replicas());
        members.add(self(engine, ctx, table));
        members.sort(Comparator.comparingLong(TableDefinition.Replica::addedMillis));
        TableDefinition replica = replicaOf(engine, ctx, withStream, a, members);
        TableCatalog.Entry created = engine.catalog().create(namespace, replica);
        engine.vectorBackfills().startAll(created);
        TableDefinition.Replica added = new TableDefinition.Replica(a.region(), namespace, now, ctx.region());
        TableCatalog.Entry updated = engine.catalog().update(table.account(), t.name(), TableNames.notFound(t.name()), cur -> {
            TableDefinition.Builder b = cur.toBuilder().replicas(append(cur.replicas(), added));
            if (!cur.stream().enabled()) b.stream(withStream.stream());
            return b.build();
        });
        for (TableDefinition.Replica other : t.replicas()) {
            changeMember(engine, other, t.name(), cur -> cur.toBuilder().replicas(append(cur.replicas(), added)).build());
        }
        engine.replicator().fill(updated, created);
        // the answer lists the replicas as they were: the new one appears once it is being created (DDB-TABLE-226/310)
        return new TableCatalog.Entry(updated.account(), updated.definition().toBuilder().replicas(t.replicas()).build(),
                updated.version(), updated.ref());
    }

    private static StreamSettings enabledStream(Engine engine, StreamSettings s) {
        List<String> previous = new ArrayList<>(s.previous());
        if (s.label() != null) previous.add(s.label() + "|" + s.viewType());
        return new StreamSettings(true, "NEW_AND_OLD_IMAGES", engine.streamLabels().next(), previous, 0);
    }

    /** The new replica's definition: the same keys, indexes, stream view type, TTL and table class; its own ids and stream. */
    private static TableDefinition replicaOf(Engine engine, RequestContext ctx, TableDefinition t, Action a,
                                             List<TableDefinition.Replica> members) {
        List<IndexDefinition> lsis = new ArrayList<>();
        for (IndexDefinition i : t.localIndexes()) lsis.add(withId(i, engine.catalog().allocateId()));
        List<IndexDefinition> gsis = new ArrayList<>();
        for (IndexDefinition i : t.globalIndexes()) gsis.add(withId(i, engine.catalog().allocateId()).withStatus(IndexDefinition.ACTIVE));
        OnDemandLimits onDemand = a.maxReadOverride() == null ? t.onDemand()
                : new OnDemandLimits(a.maxReadOverride(), t.onDemand().maxWriteRequestUnits());
        String key = a.kmsMasterKeyId() == null ? null : kmsArn(ctx, a.region(), a.kmsMasterKeyId());
        return t.toBuilder().id(engine.catalog().allocateId()).uuid(UUID.randomUUID().toString())
                .creationTime(engine.clock().millis() / 1000.0).localIndexes(lsis).globalIndexes(gsis)
                .stream(new StreamSettings(true, t.stream().viewType(), engine.streamLabels().next()))
                .deletionProtection(false).tags(new LinkedHashMap<>()).resourcePolicies(new LinkedHashMap<>()).restoreSummary(null)
                .sseKeyArn(key).tableClass(a.tableClassOverride() != null ? a.tableClassOverride() : t.tableClass())
                .onDemand(onDemand).replicas(members)
                // each replica's vector indexes backfill on their own (Developer Guide, vector indexes and global tables)
                .vectorIndexes(t.vectorIndexes().stream().map(v -> v.withId(engine.catalog().allocateId())
                        .withStatus(IndexDefinition.CREATING, true)).toList()).build();
    }

    /** A bare key id or alias is resolved in the replica's region and shown as a full ARN (DDB-TABLE-309). */
    private static String kmsArn(RequestContext ctx, String region, String keyId) {
        if (keyId.startsWith("arn:")) return keyId;
        return "arn:aws:kms:" + region + ":" + ctx.accountId() + ":" + (keyId.startsWith("alias/") ? keyId : "key/" + keyId);
    }

    private static IndexDefinition withId(IndexDefinition i, long id) {
        return new IndexDefinition(i.name(), id, i.global(), i.keys(), i.projectionType(), i.nonKeyAttributes(), i.throughput(),
                i.onDemand(), i.status(), i.warm());
    }

    /**
     * Per-replica index overrides of indexes the table has are not modelled; an unknown index name
     * is ignored as the service ignores it (DDB-TABLE-307).
     */
    private static void indexOverrideRules(TableDefinition t, Action a) {
        for (String index : a.indexOverrides()) {
            if (t.index(index) != null) {
                throw DynamoException.validation("Basalt does not support per-replica overrides of global secondary indexes.");
            }
        }
    }

    private static List<TableDefinition.Replica> append(List<TableDefinition.Replica> list, TableDefinition.Replica r) {
        List<TableDefinition.Replica> out = new ArrayList<>(list);
        out.removeIf(x -> x.region().equals(r.region()));
        out.add(r);
        return out;
    }

    /** This table as the other members list it (when it joined, and from where), or as the group's first table. */
    private static TableDefinition.Replica self(Engine engine, RequestContext ctx, TableCatalog.Entry table) {
        TableDefinition t = table.definition();
        for (TableDefinition.Replica other : t.replicas()) {
            TableCatalog.Entry e = engine.catalog().find(other.namespace(), t.name());
            TableDefinition.Replica me = e == null ? null : e.definition().replica(ctx.region());
            if (me != null) return me;
        }
        return new TableDefinition.Replica(ctx.region(), table.account(), (long) (t.creationTime() * 1000), null);
    }

    /** Changes another member's definition; a member deleted meanwhile is left alone. */
    private static void changeMember(Engine engine, TableDefinition.Replica member, String name,
                                     java.util.function.UnaryOperator<TableDefinition> change) {
        try {
            engine.catalog().update(member.namespace(), name, TableNames.notFound(name), change);
        } catch (DynamoException gone) {
            // deleted since
        }
    }

    private static TableCatalog.Entry delete(Engine engine, RequestContext ctx, TableCatalog.Entry table, Action a) {
        TableDefinition t = table.definition();
        TableDefinition.Replica target = t.replica(a.region());
        if (target == null) throw notMember(a.region());
        if (sourcedRecently(engine, ctx, table, a.region())) throw sourceRegion();
        TableCatalog.Entry replica = engine.catalog().find(target.namespace(), t.name());
        if (replica != null && replica.definition().deletionProtection()) throw protectedReplica(t.name(), a.region());
        TableCatalog.Entry updated = engine.catalog().update(table.account(), t.name(), TableNames.notFound(t.name()),
                cur -> cur.toBuilder().replicas(without(cur.replicas(), a.region())).build());
        leave(engine, t.name(), a.region(), t.replicas());
        if (replica != null) {
            TableCatalog.Entry gone = engine.catalog().delete(target.namespace(), t.name(), TableNames.notFound(t.name()), d -> { });
            engine.tableDeleted(target.namespace(), gone.definition());
        }
        // the answer still lists the replica being deleted (DDB-TABLE-204)
        return new TableCatalog.Entry(updated.account(), updated.definition().toBuilder().replicas(t.replicas()).build(),
                updated.version(), updated.ref());
    }

    private static TableCatalog.Entry update(Engine engine, RequestContext ctx, TableCatalog.Entry table, Action a) {
        TableDefinition t = table.definition();
        TableDefinition.Replica target = t.replica(a.region());
        if (target == null) throw notMember(a.region());
        // a replica's key is changed with SSESpecification in its own region (DDB-TABLE-295/309)
        if (a.kmsMasterKeyId() != null) throw keyPerReplica();
        if (a.provisionedOverride() && t.payPerRequest()) {
            throw DynamoException.validation("Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
        }
        indexOverrideRules(t, a);
        engine.catalog().update(target.namespace(), t.name(), TableNames.notFound(t.name()), cur -> {
            TableDefinition.Builder b = cur.toBuilder();
            if (a.tableClassOverride() != null) b.tableClass(a.tableClassOverride());
            if (a.maxReadOverride() != null) b.onDemand(new OnDemandLimits(a.maxReadOverride(), cur.onDemand().maxWriteRequestUnits()));
            return b.build();
        });
        return table;
    }

    private static List<TableDefinition.Replica> without(List<TableDefinition.Replica> list, String region) {
        List<TableDefinition.Replica> out = new ArrayList<>(list);
        out.removeIf(r -> r.region().equals(region));
        return out;
    }

    /** Removes the table of {@code region} from the lists of the other members. */
    private static void leave(Engine engine, String name, String region, List<TableDefinition.Replica> members) {
        for (TableDefinition.Replica m : members) {
            if (!m.region().equals(region)) changeMember(engine, m, name, cur -> cur.toBuilder().replicas(without(cur.replicas(), region)).build());
        }
    }

    /** Whether the replica in {@code region} added another member, still in the group, in the last 24 hours (DDB-TABLE-266/267). */
    private static boolean sourcedRecently(Engine engine, RequestContext ctx, TableCatalog.Entry table, String region) {
        long since = engine.clock().millis() - SOURCE_WINDOW_MILLIS;
        List<TableDefinition.Replica> members = new ArrayList<>(table.definition().replicas());
        members.add(self(engine, ctx, table));
        for (TableDefinition.Replica m : members) {
            if (region.equals(m.sourceRegion()) && m.addedMillis() > since) return true;
        }
        return false;
    }

    private static DynamoException sourceRegion() {
        return DynamoException.validation("Replica cannot be deleted because it has acted as a source region for new replica(s) being added to the table in the last 24 hours.");
    }

    private static DynamoException protectedReplica(String name, String region) {
        return DynamoException.validation("Cannot delete table " + name + " in region " + region
                + " because it has deletion protection enabled. Disable deletion protection first.");
    }

    /**
     * DeleteTable of a table of a global table: refused under its deletion protection (with the
     * replica text) or while it is the source of a replica added in the last 24 hours
     * (DDB-TABLE-266/297); otherwise the table leaves the group.
     */
    static void checkDelete(Engine engine, RequestContext ctx, TableCatalog.Entry table) {
        TableDefinition t = table.definition();
        if (!t.global()) return;
        if (t.deletionProtection()) throw protectedReplica(t.name(), ctx.region());
        if (sourcedRecently(engine, ctx, table, ctx.region())) throw sourceRegion();
    }

    /** After DeleteTable of a member: the others no longer list it (DDB-TABLE-297). */
    static void deleted(Engine engine, RequestContext ctx, TableDefinition t) {
        if (t.global()) leave(engine, t.name(), ctx.region(), t.replicas());
    }

    /** The regions the service named as those of global tables version 2019.11.21 (DDB-TABLE-223; the list's tail unconfirmed). */
    static final Set<String> SUPPORTED_REGIONS = new LinkedHashSet<>(List.of(
            "ap-south-2", "ap-south-1", "eu-south-1", "eu-south-2", "me-central-1", "il-central-1", "ca-central-1", "eu-central-1",
            "eu-central-2", "us-west-1", "us-west-2", "af-south-1", "eu-north-1", "eu-west-3", "eu-west-2", "eu-west-1",
            "ap-northeast-3", "ap-northeast-2", "ap-northeast-1", "me-south-1", "sa-east-1", "ap-east-1", "ca-west-1",
            "ap-southeast-1", "ap-southeast-2", "ap-southeast-3", "ap-southeast-4", "ap-southeast-5", "ap-southeast-7",
            "us-east-1", "us-east-2", "mx-central-1", "ap-east-2", "ap-southeast-6"));
}
