package io.basalt.model;

/**
 * DynamoDB's documented limits, in one place: every check and every message that quotes a limit
 * uses these (Developer Guide, "Service, account, and table quotas"; API Reference).
 */
public final class ServiceLimits {
    private ServiceLimits() {}

    /** An item, attribute names and values together: 400 KB. */
    public static final long ITEM_BYTES = 400 * 1024;
    /** A table or index name: 3 to 255 characters. */
    public static final int NAME_MIN = 3;
    public static final int NAME_MAX = 255;
    /** A resource ARN given where a table name may stand. */
    public static final int ARN_LENGTH = 1024;
    /** A partition key value. */
    public static final int PARTITION_KEY_BYTES = 2048;
    /** A sort key value (all sort key parts together). */
    public static final int SORT_KEY_BYTES = 1024;
    /** Nesting of maps and lists in an item. */
    public static final int NESTING_LEVELS = 32;
    /** An expression's length in characters. */
    public static final int EXPRESSION_LENGTH = 4096;
    /** All substitution variables of a request (ExpressionAttributeNames and ExpressionAttributeValues together). */
    public static final long EXPRESSION_SUBSTITUTION_BYTES = 2L * 1024 * 1024;
    /** A resource policy document, in UTF-8 (whitespace counts). */
    public static final int RESOURCE_POLICY_BYTES = 20 * 1024;
    /** Operators and functions in one expression. */
    public static final int EXPRESSION_OPERATORS = 300;
    /** Operands of one IN. */
    public static final int IN_OPERANDS = 100;
    /** Put and delete requests in one BatchWriteItem. */
    public static final int BATCH_WRITE_REQUESTS = 25;
    /** Keys in one BatchGetItem. */
    public static final int BATCH_GET_KEYS = 100;
    /** Statements in one BatchExecuteStatement. */
    public static final int BATCH_STATEMENTS = 25;
    /** Actions in one TransactWriteItems / TransactGetItems, statements in one ExecuteTransaction. */
    public static final int TRANSACTION_ACTIONS = 100;
    /** The items of one transaction together. */
    public static final long TRANSACTION_BYTES = 4L * 1024 * 1024;
    /** A request body, and a BatchGetItem answer. */
    public static final long REQUEST_BYTES = 16L * 1024 * 1024;
    /** Data read for one page of Query or Scan. */
    public static final long PAGE_BYTES = 1024 * 1024;
    /** Local secondary indexes of a table. */
    public static final int LOCAL_INDEXES = 5;
    /** Global secondary indexes of a table. */
    public static final int GLOBAL_INDEXES = 20;
    /** Tags of a resource. */
    public static final int TAGS = 50;
    /** Read or write capacity units of a table or index (the default account quota). */
    public static final long THROUGHPUT_UNITS = 40_000;
}
