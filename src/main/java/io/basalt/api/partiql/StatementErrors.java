package io.basalt.api.partiql;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.api.common.ConditionalCheckFailed;
import io.basalt.error.DynamoException;
import io.basalt.wire.AttributeValueJson;
import java.io.IOException;

/** The Error member of a BatchExecuteStatement response: the statement's failure as a BatchStatementError. */
final class StatementErrors {
    private StatementErrors() {}

    static String code(DynamoException e) {
        return switch (e.type()) {
            case CONDITIONAL_CHECK_FAILED -> "ConditionalCheckFailed";
            case DUPLICATE_ITEM -> "DuplicateItem";
            case RESOURCE_NOT_FOUND -> "ResourceNotFound";
            case VALIDATION -> "ValidationError";
            case TRANSACTION_CONFLICT -> "TransactionConflict";
            case ITEM_COLLECTION_SIZE_LIMIT_EXCEEDED -> "ItemCollectionSizeLimitExceeded";
            case PROVISIONED_THROUGHPUT_EXCEEDED -> "ProvisionedThroughputExceeded";
            case REQUEST_LIMIT_EXCEEDED -> "RequestLimitExceeded";
            case THROTTLING -> "ThrottlingError";
            case ACCESS_DENIED -> "AccessDenied";
            default -> "InternalServerError";
        };
    }

    static void write(JsonGenerator out, DynamoException e) throws IOException {
        out.writeObjectFieldStart("Error");
        out.writeStringField("Code", code(e));
        out.writeStringField("Message", e.getMessage());
        if (e instanceof ConditionalCheckFailed c && c.item() != null) {
            out.writeFieldName("Item");
            AttributeValueJson.writeItem(out, c.item());
        }
        out.writeEndObject();
    }
}
