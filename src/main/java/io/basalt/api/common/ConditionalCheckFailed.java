package io.basalt.api.common;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttributeValue;
import java.util.Map;

/**
 * ConditionalCheckFailedException, carrying the item as it was when the request asked for it with
 * ReturnValuesOnConditionCheckFailure=ALL_OLD (and the item existed).
 */
public final class ConditionalCheckFailed extends DynamoException {
    public static final String MESSAGE = "The conditional request failed";

    private final Map<String, AttributeValue> item;
    private final Map<String, AttributeValue> existing;

    public ConditionalCheckFailed(Map<String, AttributeValue> itemOrNull) {
        this(itemOrNull, itemOrNull);
    }

    private ConditionalCheckFailed(Map<String, AttributeValue> itemOrNull, Map<String, AttributeValue> existing) {
        super(ErrorType.CONDITIONAL_CHECK_FAILED, MESSAGE);
        this.item = itemOrNull;
        this.existing = existing;
    }

    /** Builds the failure for a request's ReturnValuesOnConditionCheckFailure setting. */
    public static ConditionalCheckFailed of(String returnValuesOnConditionCheckFailure, Map<String, AttributeValue> current) {
        return new ConditionalCheckFailed("ALL_OLD".equals(returnValuesOnConditionCheckFailure) ? current : null, current);
    }

    /** The item the condition was evaluated on (null when absent), whatever was asked for: a failed write is charged its size. */
    public Map<String, AttributeValue> existingItem() {
        return existing;
    }

    public Map<String, AttributeValue> item() {
        return item;
    }
}
