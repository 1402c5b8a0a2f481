package io.basalt.api.item;

import io.basalt.api.common.ConditionalCheckFailed;
import io.basalt.engine.item.ItemMutation;
import io.basalt.expression.Condition;
import io.basalt.expression.Path;
import io.basalt.expression.UpdateAction;
import io.basalt.model.AttributeValue;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The item changes of Put, Update, Delete and ConditionCheck, shared by the single-item and transactional operations. */
public final class ItemMutations {
    private ItemMutations() {}

    private static void check(Condition condition, String returnOnFailure, Map<String, AttributeValue> current) {
        if (condition != null && !condition.test(current)) {
            throw ConditionalCheckFailed.of(returnOnFailure, current);
        }
    }

    public static ItemMutation put(Map<String, AttributeValue> item, Condition condition, String returnOnFailure) {
        return current -> {
            check(condition, returnOnFailure, current);
            return item;
        };
    }

    public static ItemMutation delete(Condition condition, String returnOnFailure) {
        return current -> {
            check(condition, returnOnFailure, current);
            return null;
        };
    }

    /** A condition check that writes nothing. */
    public static ItemMutation conditionCheck(Condition condition, String returnOnFailure) {
        return current -> {
            check(condition, returnOnFailure, current);
            return current;
        };
    }

    /**
     * An update: a missing item is created from its key, except by an update that only removes or
     * deletes. {@code written} (may be null) receives the paths actually written.
     */
    public static ItemMutation update(Map<String, AttributeValue> key, UpdateAction action, Condition condition,
                                      String returnOnFailure, List<Path> written) {
        return current -> {
            check(condition, returnOnFailure, current);
            if (current == null && action != null && !action.createsItem()) {
                return null; // removing from a missing item creates nothing
            }
            Map<String, AttributeValue> base = current != null ? current : new LinkedHashMap<>(key);
            if (written != null) written.clear();
            Map<String, AttributeValue> next = action == null ? base : action.apply(base, written);
            ItemRequests.checkItemSize(next, ItemRequests.UPDATE_TOO_LARGE);
            return next;
        };
    }
}
