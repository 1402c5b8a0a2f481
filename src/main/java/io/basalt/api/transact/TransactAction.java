package io.basalt.api.transact;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.common.ModelEcho;
import io.basalt.error.DynamoException;
import io.basalt.error.ValidationFamily;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.DeferredValue;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One element of TransactItems (write: Put, Update, Delete or ConditionCheck; read: Get), as sent.
 *
 * @param kind "Put", "Update", "Delete", "ConditionCheck" or "Get"
 * @param kinds how many kinds the element named (exactly one is valid)
 * @param valueError the first nesting error met reading the element's Item, Key or ExpressionAttributeValues, or
 *        null: the service checks the actions one at a time, so it is raised at this action's turn
 * @param valueErrorComesLate whether that error is one the service reports only after the action's expression
 *        checks: an Item or Key nested far past the limit
 * @param emptyAttributeName whether the Item names a top-level attribute with the empty string
 */
record TransactAction(String kind, int kinds, String tableName, Map<String, AttributeValue> item,
                      Map<String, AttributeValue> key, String updateExpression, String conditionExpression,
                      String projectionExpression, Map<String, String> expressionAttributeNames,
                      Map<String, AttributeValue> expressionAttributeValues, String returnValuesOnConditionCheckFailure,
                      DynamoException valueError, boolean valueErrorComesLate, boolean emptyAttributeName) {

    private static final List<String> KINDS = List.of("Put", "Update", "Delete", "ConditionCheck", "Get");
    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<ActionItem> ITEM = Member.of("Item", TransactAction::item);
    private static final Member<DeferredValue<Map<String, AttributeValue>>> KEY = Member.of("Key", p -> deferred(p, AttributeValueJson::readItem));
    private static final Member<String> UPDATE_EXPRESSION = Member.string("UpdateExpression");
    private static final Member<String> CONDITION_EXPRESSION = Member.string("ConditionExpression");
    private static final Member<String> PROJECTION_EXPRESSION = Member.string("ProjectionExpression");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<DeferredValue<Map<String, AttributeValue>>> VALUES =
            Member.of("ExpressionAttributeValues", p -> deferred(p, AttributeValueJson::readValueMap));
    private static final Member<String> RVOCF = Member.string("ReturnValuesOnConditionCheckFailure");
    private static final Structure ACTION = Structure.of(TABLE_NAME, ITEM, KEY, UPDATE_EXPRESSION, CONDITION_EXPRESSION,
            PROJECTION_EXPRESSION, NAMES, VALUES, RVOCF);

    /** The kinds an element named, and the last one's members. */
    private static final class Named {
        String kind;
        int kinds;
        Members members;
    }

    static List<TransactAction> parseList(JsonParser p) throws IOException {
        return JsonIn.list(p, q -> {
            Named named = new Named();
            JsonIn.object(q, (kind, r) -> {
                if (!KINDS.contains(kind)) {
                    JsonIn.skip(r);
                    return;
                }
                Members m = ACTION.read(r);
                if (m == null) return;
                named.kinds++;
                named.kind = kind;
                named.members = m;
            });
            Members m = named.members != null ? named.members : ACTION.none();
            ActionItem item = m.get(ITEM);
            DeferredValue<Map<String, AttributeValue>> key = m.get(KEY), values = m.get(VALUES);
            DynamoException error = item == null ? null : item.error();
            if (error == null) error = DeferredValue.errorOf(key);
            if (error == null) error = DeferredValue.errorOf(values);
            boolean late = error != null && error.family() == ValidationFamily.DEEP_NESTING && (values == null || values.error() != error);
            return new TransactAction(named.kind, named.kinds, m.get(TABLE_NAME), item == null ? null : item.value(),
                    DeferredValue.valueOf(key), m.get(UPDATE_EXPRESSION), m.get(CONDITION_EXPRESSION), m.get(PROJECTION_EXPRESSION),
                    m.get(NAMES), DeferredValue.valueOf(values), m.get(RVOCF), error, late, item != null && item.emptyName());
        });
    }

    /**
     * The action as the service echoes TransactItems in a constraint message (over 100 actions): its Java
     * model's toString, each attribute value identity-style, as BatchWriteItem's echo is captured. The
     * transaction model's field names and order are not captured; this keeps Basalt's own names out.
     */
    @Override
    public String toString() {
        String member = switch (kind == null ? "" : kind) {
            case "Put" -> "Put(item=" + ModelEcho.item(item) + ", tableName=" + tableName + ", conditionExpression=" + conditionExpression + ")";
            case "Update" -> "Update(key=" + ModelEcho.item(key) + ", updateExpression=" + updateExpression + ", tableName=" + tableName
                    + ", conditionExpression=" + conditionExpression + ")";
            case "Delete" -> "Delete(key=" + ModelEcho.item(key) + ", tableName=" + tableName + ", conditionExpression=" + conditionExpression + ")";
            case "ConditionCheck" -> "ConditionCheck(key=" + ModelEcho.item(key) + ", tableName=" + tableName + ", conditionExpression=" + conditionExpression + ")";
            case "Get" -> "Get(key=" + ModelEcho.item(key) + ", projectionExpression=" + projectionExpression + ", tableName=" + tableName + ")";
            default -> "null";
        };
        if ("Get".equals(kind)) return "TransactGetItem(get=" + member + ")";
        return "TransactWriteItem(conditionCheck=" + ("ConditionCheck".equals(kind) ? member : "null") + ", put=" + ("Put".equals(kind) ? member : "null")
                + ", delete=" + ("Delete".equals(kind) ? member : "null") + ", update=" + ("Update".equals(kind) ? member : "null") + ")";
    }

    /** A Put's Item, or the nesting error reading it met, and whether it named a top-level attribute "". */
    private record ActionItem(Map<String, AttributeValue> value, DynamoException error, boolean emptyName) {}

    /**
     * Reads a Put's Item attribute by attribute: a value nested too deep is kept as the action's error and
     * reading goes on, so an empty attribute name is seen wherever it stands (live 2026-10-09, ten regions:
     * the empty name is reported ahead of a value nested 100 levels in the same item, in either order;
     * paritysuite tests/tier3/validation-ordering/deepRequests).
     */
    private static ActionItem item(JsonParser p) throws IOException {
        boolean[] emptyName = {false};
        DynamoException[] error = {null};
        Map<String, AttributeValue> read = JsonIn.map(p, q -> {
            if (q.currentName().isEmpty()) emptyName[0] = true;
            DeferredValue<AttributeValue> v = deferred(q, AttributeValueJson::read);
            if (error[0] == null) error[0] = v.error();
            return v.value();
        });
        if (read != null) read.values().removeIf(java.util.Objects::isNull);
        return new ActionItem(error[0] == null ? read : null, error[0], emptyName[0]);
    }

    /** Reads a member; a nesting error (either check) is kept for the action's turn: only the depth is evidenced per action. */
    private static <T> DeferredValue<T> deferred(JsonParser p, JsonIn.ValueReader<T> reader) throws IOException {
        return DeferredValue.read(p, reader, AttributeValueJson::isNestingError);
    }
}
