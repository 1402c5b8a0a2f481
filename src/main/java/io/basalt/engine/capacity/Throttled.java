package io.basalt.engine.capacity;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.Arns;

/**
 * A throttled request, as the service answers it: ProvisionedThroughputExceededException for
 * provisioned tables and indexes, ThrottlingException for on-demand ones, each with a
 * ThrottlingReasons list naming the limit (e.g. TableWriteKeyRangeThroughputExceeded) and the ARN
 * of the table or index.
 */
public final class Throttled extends DynamoException {
    public static final String TABLE_MESSAGE = "The level of configured provisioned throughput for the table was exceeded. "
            + "Consider increasing your provisioning level with the UpdateTable API.";
    public static final String INDEX_MESSAGE = "The level of configured provisioned throughput for one or more global secondary indexes "
            + "of the table was exceeded. Consider increasing your provisioning level for the under-provisioned global "
            + "secondary indexes with the UpdateTable API";
    public static final String ON_DEMAND_MESSAGE = "Throughput exceeds the current capacity of your table or index. DynamoDB is "
            + "automatically scaling your table or index so please try again shortly. If exceptions persist, check if you "
            + "have a hot key: https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/bp-partition-key-design.html";

    /** The limit that was hit: the suffix of the service's throttling reason. */
    public enum Limit {
        PROVISIONED("ProvisionedThroughputExceeded"),
        KEY_RANGE("KeyRangeThroughputExceeded"),
        ACCOUNT_LIMIT("AccountLimitExceeded"),
        MAX_ON_DEMAND("MaxOnDemandThroughputExceeded");

        final String text;

        Limit(String text) {
            this.text = text;
        }
    }

    private final String reason;
    private final String resource;

    private Throttled(ErrorType type, String message, String reason, String resource) {
        super(type, message);
        this.reason = reason;
        this.resource = resource;
    }

    /**
     * @param onDemand whether the table (or index) is billed per request
     * @param index the GSI name, or null for the table
     */
    public static Throttled of(boolean onDemand, String region, String table, String index, boolean read, Limit limit) {
        String arn = Arns.table(region, table) + (index == null ? "" : "/index/" + index);
        String reason = (index == null ? "Table" : "Index") + (read ? "Read" : "Write") + limit.text;
        if (onDemand) return new Throttled(ErrorType.THROTTLING, ON_DEMAND_MESSAGE, reason, arn);
        return new Throttled(ErrorType.PROVISIONED_THROUGHPUT_EXCEEDED, index == null ? TABLE_MESSAGE : INDEX_MESSAGE, reason, arn);
    }

    public String reason() {
        return reason;
    }

    public String resource() {
        return resource;
    }

    /** Whether the service would report this as ProvisionedThroughputExceeded (else ThrottlingError) in a cancelled transaction. */
    public boolean provisioned() {
        return type() == ErrorType.PROVISIONED_THROUGHPUT_EXCEEDED;
    }
}
