package io.basalt.api.transact;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import io.basalt.error.DynamoException;
import io.basalt.error.ValidationFamily;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
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
 */
record TransactAction(String kind, int kinds, String tableName, Map<String, AttributeValue> item,
                      Map<String, AttributeValue> key, String updateExpression, String conditionExpression,
                      String projectionExpression, Map<String, String> expressionAttributeNames,
                      Map<String, AttributeValue> expressionAttributeValues, String returnValuesOnConditionCheckFailure,
                      DynamoException valueError, boolean valueErrorComesLate) {

    private static final List<String> KINDS = List.of("Put", "Update", "Delete", "ConditionCheck", "Get");
    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<Deferred<Map<String, AttributeValue>>> ITEM = Member.of("Item", p -> deferred(p, AttributeValueJson::readItem));
    private static final Member<Deferred<Map<String, AttributeValue>>> KEY = Member.of("Key", p -> deferred(p, AttributeValueJson::readItem));
    private static final Member<String> UPDATE_EXPRESSION = Member.string("UpdateExpression");
    private static final Member<String> CONDITION_EXPRESSION = Member.string("ConditionExpression");
    private static final Member<String> PROJECTION_EXPRESSION = Member.string("ProjectionExpression");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<Deferred<Map<String, AttributeValue>>> VALUES =
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
            Deferred<Map<String, AttributeValue>> item = m.get(ITEM), key = m.get(KEY), values = m.get(VALUES);
            DynamoException error = null;
            for (Deferred<?> d : java.util.Arrays.asList(item, key, values)) {
                if (error == null && d != null) error = d.error();
            }
            boolean late = error != null && error.family() == ValidationFamily.DEEP_NESTING && (values == null || values.error() != error);
            return new TransactAction(named.kind, named.kinds, m.get(TABLE_NAME), Deferred.value(item), Deferred.value(key),
                    m.get(UPDATE_EXPRESSION), m.get(CONDITION_EXPRESSION), m.get(PROJECTION_EXPRESSION), m.get(NAMES),
                    Deferred.value(values), m.get(RVOCF), error, late);
        });
    }

    /** A member's value, or the validation error reading it met. */
    private record Deferred<T>(T value, DynamoException error) {
        static <T> T value(Deferred<T> d) {
            return d == null ? null : d.value();
        }
    }

    /** Reads a member; a nesting error is kept for later and the rest of the member skipped. */
    private static <T> Deferred<T> deferred(JsonParser p, JsonIn.ValueReader<T> reader) throws IOException {
        // at a START_OBJECT/START_ARRAY the parsing context is the new structure's; its parent is where reading ends
        JsonStreamContext outside = p.currentToken() != null && p.currentToken().isStructStart() ? p.getParsingContext().getParent() : null;
        try {
            return new Deferred<>(reader.read(p), null);
        } catch (DynamoException e) {
            // only the depth is evidenced per action; a malformed number or set is refused at once, as read
            if (!AttributeValueJson.isNestingError(e)) throw e;
            if (outside != null) {
                while (p.getParsingContext() != outside) {
                    if (p.nextToken() == null) throw e;
                }
            }
            return new Deferred<>(null, e);
        }
    }
}
