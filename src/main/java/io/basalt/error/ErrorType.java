package io.basalt.error;

/**
 * Every error the service returns, with its exact {@code __type} and HTTP status. Most errors carry
 * their text in a "message" member; SerializationException, AccessDenied and a few transaction
 * errors in "Message" (as recorded from the service). Validation errors come from the Coral
 * framework's validator, hence {@code com.amazon.coral.validate#ValidationException}.
 */
public enum ErrorType {
    VALIDATION("com.amazon.coral.validate#ValidationException", 400, "message"),
    RESOURCE_NOT_FOUND("com.amazonaws.dynamodb.v20120810#ResourceNotFoundException", 400, "message"),
    RESOURCE_IN_USE("com.amazonaws.dynamodb.v20120810#ResourceInUseException", 400, "message"),
    CONDITIONAL_CHECK_FAILED("com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException", 400, "message"),
    LIMIT_EXCEEDED("com.amazonaws.dynamodb.v20120810#LimitExceededException", 400, "message"),
    PROVISIONED_THROUGHPUT_EXCEEDED("com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException", 400, "message"),
    REQUEST_LIMIT_EXCEEDED("com.amazonaws.dynamodb.v20120810#RequestLimitExceeded", 400, "message"),
    ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED("com.amazonaws.dynamodb.v20120810#ItemCollectionSizeLimitExceededException", 400, "message"),
    TRANSACTION_CONFLICT("com.amazonaws.dynamodb.v20120810#TransactionConflictException", 400, "message"),
    TRANSACTION_CANCELED("com.amazonaws.dynamodb.v20120810#TransactionCanceledException", 400, "Message"),
    TRANSACTION_IN_PROGRESS("com.amazonaws.dynamodb.v20120810#TransactionInProgressException", 400, "Message"),
    IDEMPOTENT_PARAMETER_MISMATCH("com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException", 400, "Message"),
    DUPLICATE_ITEM("com.amazonaws.dynamodb.v20120810#DuplicateItemException", 400, "message"),
    TABLE_NOT_FOUND("com.amazonaws.dynamodb.v20120810#TableNotFoundException", 400, "message"),
    GLOBAL_TABLE_NOT_FOUND("com.amazonaws.dynamodb.v20120810#GlobalTableNotFoundException", 400, "message"),
    POLICY_NOT_FOUND("com.amazonaws.dynamodb.v20120810#PolicyNotFoundException", 400, "message"),
    TABLE_ALREADY_EXISTS("com.amazonaws.dynamodb.v20120810#TableAlreadyExistsException", 400, "message"),
    BACKUP_NOT_FOUND("com.amazonaws.dynamodb.v20120810#BackupNotFoundException", 400, "message"),
    BACKUP_IN_USE("com.amazonaws.dynamodb.v20120810#BackupInUseException", 400, "message"),
    POINT_IN_TIME_RECOVERY_UNAVAILABLE("com.amazonaws.dynamodb.v20120810#PointInTimeRecoveryUnavailableException", 400, "message"),
    INVALID_RESTORE_TIME("com.amazonaws.dynamodb.v20120810#InvalidRestoreTimeException", 400, "message"),
    CONTINUOUS_BACKUPS_UNAVAILABLE("com.amazonaws.dynamodb.v20120810#ContinuousBackupsUnavailableException", 400, "message"),
    INVALID_EXPORT_TIME("com.amazonaws.dynamodb.v20120810#InvalidExportTimeException", 400, "message"),
    EXPORT_NOT_FOUND("com.amazonaws.dynamodb.v20120810#ExportNotFoundException", 400, "message"),
    EXPORT_CONFLICT("com.amazonaws.dynamodb.v20120810#ExportConflictException", 400, "message"),
    IMPORT_NOT_FOUND("com.amazonaws.dynamodb.v20120810#ImportNotFoundException", 400, "message"),
    TABLE_IN_USE("com.amazonaws.dynamodb.v20120810#TableInUseException", 400, "message"),
    EXPIRED_ITERATOR("com.amazonaws.dynamodb.v20120810#ExpiredIteratorException", 400, "message"),
    TRIMMED_DATA_ACCESS("com.amazonaws.dynamodb.v20120810#TrimmedDataAccessException", 400, "message"),
    SERIALIZATION("com.amazon.coral.service#SerializationException", 400, "Message"),
    UNKNOWN_OPERATION("com.amazon.coral.service#UnknownOperationException", 400, "Message"),
    MISSING_AUTHENTICATION_TOKEN("com.amazon.coral.service#MissingAuthenticationTokenException", 400, "message"),
    INCOMPLETE_SIGNATURE("com.amazon.coral.service#IncompleteSignatureException", 400, "message"),
    INVALID_SIGNATURE("com.amazon.coral.service#InvalidSignatureException", 400, "message"),
    UNRECOGNIZED_CLIENT("com.amazon.coral.service#UnrecognizedClientException", 400, "message"),
    ACCESS_DENIED("com.amazon.coral.service#AccessDeniedException", 400, "Message"),
    THROTTLING("com.amazon.coral.availability#ThrottlingException", 400, "message"),
    REQUEST_ENTITY_TOO_LARGE("com.amazon.coral.service#RequestEntityTooLarge", 413, "Message"),
    INTERNAL_SERVER_ERROR("com.amazonaws.dynamodb.v20120810#InternalServerError", 500, "message"),
    /** The store behind the service cannot take the request now (too few replicas, overloaded); safe to retry. */
    SERVICE_UNAVAILABLE("com.amazon.coral.service#ServiceUnavailableException", 503, "message");

    private final String wireType;
    private final int httpStatus;
    private final String messageField;

    ErrorType(String wireType, int httpStatus, String messageField) {
        this.wireType = wireType;
        this.httpStatus = httpStatus;
        this.messageField = messageField;
    }

    /** The {@code __type} member of the error body. */
    public String wireType() { return wireType; }

    public int httpStatus() { return httpStatus; }

    /** "message" or "Message", as the service spells it for this error. */
    public String messageField() { return messageField; }
}
