package io.basalt.api.transact;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttributeValue;
import io.basalt.protocol.json.AttributeValueJson;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * TransactionCanceledException with one CancellationReason per action, in order, and the
 * service's message: "Transaction cancelled, please refer cancellation reasons for specific reasons
 * [ConditionalCheckFailed, None]".
 */
public final class TransactionCanceled extends DynamoException {
    /** One reason: Code "None", "ConditionalCheckFailed", "TransactionConflict", "ValidationError", ... */
    public record Reason(String code, String message, Map<String, AttributeValue> item) {
        public static final Reason NONE = new Reason("None", null, null);
    }

    private final List<Reason> reasons;

    public TransactionCanceled(List<Reason> reasons) {
        super(ErrorType.TRANSACTION_CANCELED, message(reasons));
        this.reasons = reasons;
    }

    private static String message(List<Reason> reasons) {
        StringBuilder sb = new StringBuilder("Transaction cancelled, please refer cancellation reasons for specific reasons [");
        for (int i = 0; i < reasons.size(); i++) {
            if (i > 0) sb.append(", ");
            sb.append(reasons.get(i).code());
        }
        return sb.append(']').toString();
    }

    @Override
    public void writeExtraFields(JsonGenerator out) throws IOException {
        out.writeArrayFieldStart("CancellationReasons");
        for (Reason r : reasons) {
            out.writeStartObject();
            if (r.item() != null) {
                out.writeFieldName("Item");
                AttributeValueJson.writeItem(out, r.item());
            }
            out.writeStringField("Code", r.code());
            if (r.message() != null) out.writeStringField("Message", r.message());
            out.writeEndObject();
        }
        out.writeEndArray();
    }
}
