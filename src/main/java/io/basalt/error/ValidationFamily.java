package io.basalt.error;

/**
 * The family of a request-validation error, named where the error is raised. Since 2026 the service
 * wraps some families in "1 validation error detected: " and leaves others bare, and the same family
 * can differ by operation (an operation declares which families it wraps; {@link ValidationEnvelope}
 * applies that once, at the operation boundary). Errors without a family always stay bare.
 */
public enum ValidationFamily {
    /** A malformed, overflowing, underflowing or too precise number in an attribute value. */
    NUMBER_VALUE,
    /**
     * Which expression parameters go together: placeholders without an expression, empty or unused
     * placeholder maps, legacy and expression parameters mixed.
     */
    EXPRESSION_PARAMETERS,
    /** An attribute value the service refuses as such: an empty set, duplicate set members, NULL false, nesting past 32 levels. */
    ATTRIBUTE_VALUE,
    /** "Invalid ConditionExpression: ..." */
    CONDITION_EXPRESSION,
    /** "Invalid UpdateExpression: ..." */
    UPDATE_EXPRESSION,
    /** "Invalid KeyConditionExpression: ..." */
    KEY_CONDITION_EXPRESSION,
    /** "Invalid FilterExpression: ..." */
    FILTER_EXPRESSION,
    /** "Invalid ProjectionExpression: ..." */
    PROJECTION_EXPRESSION,
    /** A malformed legacy condition (Expected, QueryFilter, ScanFilter): "One or more parameter values were invalid: ..." */
    LEGACY_CONDITION,
    /** ReturnValues outside what the operation allows ("ReturnValues can only be ALL_OLD or NONE"). */
    RETURN_VALUES,
    /**
     * A value nested far past the limit (63 levels and more), which the service refuses in a second
     * check: bare in every operation, and in a transaction only after the action's expression checks.
     */
    DEEP_NESTING,
    /** Select against the projection or the index ("ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName"). */
    SELECT
}
