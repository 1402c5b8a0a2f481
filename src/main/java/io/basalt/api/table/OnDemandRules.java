package io.basalt.api.table;

import io.basalt.engine.catalog.OnDemandLimits;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;

/**
 * OnDemandThroughput of tables and GSIs as the live service checks and merges it (DDB-TABLE-038,
 * 039, 051, 059, 128, 153, 154, 178, 182; lab runs 2026-10-08/09): only on on-demand tables, each
 * sent member at least 1 (UpdateTable also takes -1, which clears the member), merged member by
 * member, a cleared member not described.
 */
final class OnDemandRules {
    private static final String INVALID = "One or more parameter values were invalid: ";
    /** TableMaxReadCapacityUnits / TableMaxWriteCapacityUnits of a default account. */
    private static final long ACCOUNT_TABLE_MAX = io.basalt.model.ServiceLimits.THROUGHPUT_UNITS;
    static final long CLEAR = -1;

    private OnDemandRules() {}

    static boolean sent(TableJson.OnDemandThroughput o) {
        return o != null && (o.maxReadRequestUnits() != null || o.maxWriteRequestUnits() != null);
    }

    /** CreateTable's limits for the table (indexName null) or one GSI. */
    static OnDemandLimits forCreate(TableJson.OnDemandThroughput o, boolean payPerRequest, String indexName) {
        if (!sent(o)) return OnDemandLimits.NONE;
        if (!payPerRequest) {
            String where = indexName == null ? "" : "for index: " + indexName + " ";
            throw DynamoException.validation(INVALID + firstMember(o) + " for OnDemandThroughput " + where
                    + "cannot be specified when table BillingMode is PROVISIONED.");
        }
        checkRange(o.maxReadRequestUnits(), "MaxReadRequestUnits", indexName, false);
        checkRange(o.maxWriteRequestUnits(), "MaxWriteRequestUnits", indexName, false);
        return merge(OnDemandLimits.NONE, o);
    }

    /** UpdateTable's limits for the table (indexName null) or one GSI, merged into the current ones. */
    static OnDemandLimits forUpdate(OnDemandLimits current, TableJson.OnDemandThroughput o, boolean payPerRequest,
                                    String indexName, String region) {
        if (!payPerRequest) {
            String where = indexName == null ? "" : "for index : " + indexName + " ";
            throw DynamoException.validation(INVALID + firstMember(o) + " for OnDemandThroughput " + where
                    + "cannot be specified when the table BillingMode is PROVISIONED");
        }
        checkRange(o.maxReadRequestUnits(), "MaxReadRequestUnits", indexName, true);
        checkRange(o.maxWriteRequestUnits(), "MaxWriteRequestUnits", indexName, true);
        checkAccountMax(o.maxReadRequestUnits(), "MaxReadRequestUnits", "TableMaxReadCapacityUnits", indexName, region);
        checkAccountMax(o.maxWriteRequestUnits(), "MaxWriteRequestUnits", "TableMaxWriteCapacityUnits", indexName, region);
        return merge(current, o);
    }

    /**
     * What UpdateTable's answer shows: the sent members as sent (a -1 too) and the kept ones; null
     * members are left out.
     */
    record Echo(Long maxReadRequestUnits, Long maxWriteRequestUnits) {
        static Echo of(OnDemandLimits stored, TableJson.OnDemandThroughput sent) {
            return new Echo(sent.maxReadRequestUnits() != null ? sent.maxReadRequestUnits() : shown(stored.maxReadRequestUnits()),
                    sent.maxWriteRequestUnits() != null ? sent.maxWriteRequestUnits() : shown(stored.maxWriteRequestUnits()));
        }

        static Echo of(OnDemandLimits stored) {
            return new Echo(shown(stored.maxReadRequestUnits()), shown(stored.maxWriteRequestUnits()));
        }

        boolean empty() {
            return maxReadRequestUnits == null && maxWriteRequestUnits == null;
        }

        private static Long shown(long v) {
            return v == CLEAR ? null : v;
        }
    }

    private static OnDemandLimits merge(OnDemandLimits current, TableJson.OnDemandThroughput o) {
        return new OnDemandLimits(o.maxReadRequestUnits() != null ? o.maxReadRequestUnits() : current.maxReadRequestUnits(),
                o.maxWriteRequestUnits() != null ? o.maxWriteRequestUnits() : current.maxWriteRequestUnits());
    }

    private static String firstMember(TableJson.OnDemandThroughput o) {
        return o.maxReadRequestUnits() != null ? "MaxReadRequestUnits" : "MaxWriteRequestUnits";
    }

    private static void checkRange(Long v, String member, String indexName, boolean clearAllowed) {
        if (v == null || v >= 1 || (clearAllowed && v == CLEAR)) return;
        String where = indexName == null ? "table" : "index : " + indexName;
        throw DynamoException.validation(INVALID + "Requested " + member + " for OnDemandThroughput for " + where
                + " is outside of valid range");
    }

    /** Texts: DDB-TABLE-171/443 (live 2026-10-08/09), the index's with "for index : NAME". */
    private static void checkAccountMax(Long v, String member, String quota, String indexName, String region) {
        if (v == null || v <= ACCOUNT_TABLE_MAX) return;
        String where = indexName == null ? "table" : "index : " + indexName;
        throw new DynamoException(ErrorType.LIMIT_EXCEEDED, "Subscriber limit exceeded: Requested " + member
                + " for OnDemandThroughput for " + where + " exceeds " + quota + " of the account in region " + region);
    }
}
