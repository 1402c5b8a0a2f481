package io.basalt.api.table;

import io.basalt.error.DynamoException;

/**
 * UpdateTable's one-change-per-call rules as the live service applies them on an idle table
 * (ack-api-quirks DDB-TABLE-382/433, lab runs 2026-10-09): deletion protection, encryption, table
 * class and warm throughput each must travel alone; on-demand limits only with a billing mode; a
 * stream change never with throughput. The whole request is refused before anything is applied.
 */
final class UpdateTableConcerns {
    private static final String PREFIX = "One or more parameter values were invalid: ";

    private UpdateTableConcerns() {}

    static void check(UpdateTable.Request r) {
        boolean billing = r.billingMode() != null;
        boolean throughput = r.provisionedThroughput() != null;
        boolean indexes = r.gsiUpdates() != null && !r.gsiUpdates().isEmpty();
        boolean stream = r.streamSpecification() != null;
        boolean tableClass = r.tableClass() != null;
        boolean protection = r.deletionProtectionEnabled() != null;
        boolean onDemand = r.onDemandThroughput() != null;
        int changes = count(billing, throughput, indexes, stream, SseRules.asksForSomething(r.sse()), r.replicaUpdates() != null, tableClass,
                protection, onDemand, WarmRules.sent(r.warmThroughput()));
        if (changes < 2) return;
        // the order in which the service names the offending member (SSE > TableClass > DP > ...)
        if (SseRules.asksForSomething(r.sse())) throw refuse("Server-Side Encryption modification must be the only operation in the request");
        if (tableClass) throw refuse("TableClass modification must be the only operation in the request");
        if (protection) throw refuse("DeletionProtection modification must be the only operation in the request");
        if (onDemand && changes > (billing ? 2 : 1)) {
            throw refuse("OnDemandThroughput can only be combined with BillingMode in an UpdateTable request");
        }
        if (WarmRules.sent(r.warmThroughput()) && indexes && r.gsiUpdates().stream().anyMatch(u -> u.create() != null)) {
            // DDB-TABLE-174f (live 2026-10-09; captured as a fragment)
            throw refuse("Create global secondary index cannot be specified when updating WarmThroughput");
        }
        if (WarmRules.sent(r.warmThroughput())) throw refuse("WarmThroughput must be the only operation in the request");
        if (stream && (throughput || "PROVISIONED".equals(r.billingMode()))) {
            throw refuse("You cannot modify stream status while updating table IOPS");
        }
        if (throughput && r.gsiUpdates() != null && r.gsiUpdates().stream().anyMatch(u -> u.delete() != null)) {
            throw refuse("You cannot create or delete index while updating table IOPS");
        }
    }

    private static int count(boolean... present) {
        int n = 0;
        for (boolean p : present) if (p) n++;
        return n;
    }

    private static DynamoException refuse(String text) {
        return DynamoException.validation(PREFIX + text);
    }
}
