package io.basalt.api.transact;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.model.AttributeValue;
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

    /** The reasons, one per action of the transaction, in order. */
    public List<Reason> reasons() {
        return reasons;
    }

    private static String message(List<Reason> reasons) {
        StringBuilder sb = new StringBuilder("Transaction cancelled, please refer cancellation reasons for specific reasons [");
        for (int i = 0; i < reasons.size(); i++) {
            if (i > 0) sb.append(", ");
            sb.append(reasons.get(i).code());
        }
        return sb.append(']').toString();
    }
}
