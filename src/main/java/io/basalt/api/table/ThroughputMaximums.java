package io.basalt.api.table;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;

/**
 * The account's per-table maximum of provisioned throughput (DescribeLimits' TableMax*CapacityUnits),
 * checked for the table and for each GSI on its own (a table at the maximum may still have GSIs),
 * with the service's texts naming the request's region (ack-api-quirks DDB-TABLE-170/443, live
 * us-west-2 2026-10-08/09).
 */
final class ThroughputMaximums {
    static final long TABLE_MAX = io.basalt.model.ServiceLimits.THROUGHPUT_UNITS;

    private ThroughputMaximums() {}

    /** CreateTable: the table's throughput, then each GSI's. */
    static void check(CreateTableValidator.Validated v, String region) {
        check(v.throughput(), null, region);
        for (IndexDefinition i : v.gsis()) check(i.throughput(), i.name(), region);
    }

    /** One table's (indexName null) or GSI's provisioned throughput. */
    static void check(Throughput t, String indexName, String region) {
        check(t.readCapacityUnits(), "ReadCapacityUnits", indexName, region);
        check(t.writeCapacityUnits(), "WriteCapacityUnits", indexName, region);
    }

    private static void check(long units, String member, String indexName, String region) {
        if (units <= TABLE_MAX) return;
        // the index text still says "Per table maximum" (DDB-TABLE-170); its tail is the table text's
        String what = indexName == null ? member + ", " + units + ", is above the per table maximum"
                : member + " for index " + indexName + ", " + units + ", is above the per index maximum";
        throw new DynamoException(ErrorType.LIMIT_EXCEEDED, "The requested " + what + " for the account in " + region
                + ". Per table maximum: " + TABLE_MAX + ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to "
                + "request higher limits.");
    }
}
