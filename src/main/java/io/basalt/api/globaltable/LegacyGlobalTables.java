package io.basalt.api.globaltable;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.common.Constraints;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.wire.JsonIn;
import java.io.IOException;

/**
 * The legacy global tables API (version 2017.11.29: CreateGlobalTable, UpdateGlobalTable, their
 * Describe/Settings calls, ListGlobalTables). The service no longer creates such tables and no
 * table of an account is one, so it answers as for an account without any (ack-api-quirks
 * DDB-GLOBALTABLE-002/004, live 2026-10-08/09): creation is refused with the version text, reads
 * and updates do not find the global table, the list is empty. Basalt answers the same way; tables
 * replicated across regions (version 2019.11.21, ReplicaUpdates) are not modelled (docs/compatibility.md).
 */
final class LegacyGlobalTables {
    static final String NOT_SUPPORTED = "One or more parameter values were invalid: DynamoDB global tables version 2017.11.29 is not "
            + "supported. We recommend using DynamoDB global tables version 2019.11.21, instead of version 2017.11.29 (Legacy).";

    private LegacyGlobalTables() {}

    /** A request naming a global table; {@code createsReplica} when it asks for a replica to be created. */
    record Request(String globalTableName, boolean hasReplicas, boolean createsReplica) {
        /** The name's constraints, and with {@code replicasMember} that member's presence. */
        void validate(String replicasMember) {
            Constraints c = new Constraints().notNull(globalTableName, "globalTableName").tableName(globalTableName, "globalTableName");
            if (replicasMember != null) c.notNull(hasReplicas ? Boolean.TRUE : null, replicasMember);
            c.check();
        }
    }

    /** Reads GlobalTableName and whether ReplicationGroup / ReplicaUpdates ask to create replicas. */
    static Request parse(JsonParser p) throws IOException {
        String[] name = new String[1];
        boolean[] replicas = new boolean[2];
        JsonIn.object(p, (n, q) -> {
            switch (n) {
                case "GlobalTableName" -> name[0] = JsonIn.string(q);
                case "ReplicationGroup" -> {
                    replicas[0] = true;
                    replicas[1] = true;
                    JsonIn.skip(q);
                }
                case "ReplicaUpdates" -> {
                    replicas[0] = true;
                    JsonIn.list(q, u -> {
                        JsonIn.object(u, (action, v) -> {
                            if (action.equals("Create")) replicas[1] = true;
                            JsonIn.skip(v);
                        });
                        return null;
                    });
                }
                default -> JsonIn.skip(q);
            }
        });
        return new Request(name[0], replicas[0], replicas[1]);
    }

    /** The global table does not exist; DescribeGlobalTable's text has a prefix the settings calls' lacks. */
    static DynamoException notFound(String name, boolean prefixed) {
        return new DynamoException(ErrorType.GLOBAL_TABLE_NOT_FOUND,
                (prefixed ? "Global table not found: " : "") + "Global table with name: '" + name + "' does not exist.");
    }
}
