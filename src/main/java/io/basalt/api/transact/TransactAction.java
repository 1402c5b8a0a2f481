package io.basalt.api.transact;

import com.fasterxml.jackson.core.JsonParser;
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
 */
record TransactAction(String kind, int kinds, String tableName, Map<String, AttributeValue> item,
                      Map<String, AttributeValue> key, String updateExpression, String conditionExpression,
                      String projectionExpression, Map<String, String> expressionAttributeNames,
                      Map<String, AttributeValue> expressionAttributeValues, String returnValuesOnConditionCheckFailure) {

    private static final List<String> KINDS = List.of("Put", "Update", "Delete", "ConditionCheck", "Get");
    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<Map<String, AttributeValue>> ITEM = Member.of("Item", AttributeValueJson::readItem);
    private static final Member<Map<String, AttributeValue>> KEY = Member.of("Key", AttributeValueJson::readItem);
    private static final Member<String> UPDATE_EXPRESSION = Member.string("UpdateExpression");
    private static final Member<String> CONDITION_EXPRESSION = Member.string("ConditionExpression");
    private static final Member<String> PROJECTION_EXPRESSION = Member.string("ProjectionExpression");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<Map<String, AttributeValue>> VALUES =
            Member.of("ExpressionAttributeValues", AttributeValueJson::readValueMap);
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
            return new TransactAction(named.kind, named.kinds, m.get(TABLE_NAME), m.get(ITEM), m.get(KEY),
                    m.get(UPDATE_EXPRESSION), m.get(CONDITION_EXPRESSION), m.get(PROJECTION_EXPRESSION), m.get(NAMES),
                    m.get(VALUES), m.get(RVOCF));
        });
    }
}
