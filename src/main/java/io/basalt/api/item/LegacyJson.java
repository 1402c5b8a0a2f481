package io.basalt.api.item;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.expression.Legacy;
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
 * JSON shapes of the legacy (pre-expression) parameters: Expected, AttributeUpdates, and the
 * Condition maps of QueryFilter / ScanFilter / KeyConditions.
 */
public final class LegacyJson {
    private static final Member<AttributeValue> VALUE = Member.of("Value", AttributeValueJson::read);
    private static final Member<Boolean> EXISTS = Member.bool("Exists");
    private static final Member<String> COMPARISON_OPERATOR = Member.string("ComparisonOperator");
    private static final Member<List<AttributeValue>> VALUE_LIST =
            Member.of("AttributeValueList", p -> JsonIn.list(p, AttributeValueJson::read));
    private static final Member<String> ACTION = Member.string("Action");

    private static final Structure EXPECTED = Structure.of(VALUE, EXISTS, COMPARISON_OPERATOR, VALUE_LIST);
    private static final Structure ATTRIBUTE_UPDATE = Structure.of(ACTION, VALUE);
    private static final Structure CONDITION = Structure.of(COMPARISON_OPERATOR, VALUE_LIST);

    private LegacyJson() {}

    public static Map<String, Legacy.Expected> readExpected(JsonParser p) throws IOException {
        return JsonIn.map(p, q -> {
            Members m = EXPECTED.readOrEmpty(q);
            return new Legacy.Expected(m.get(VALUE), m.get(EXISTS), m.get(COMPARISON_OPERATOR), m.get(VALUE_LIST));
        });
    }

    public static Map<String, Legacy.AttributeUpdate> readAttributeUpdates(JsonParser p) throws IOException {
        return JsonIn.map(p, q -> {
            Members m = ATTRIBUTE_UPDATE.readOrEmpty(q);
            return new Legacy.AttributeUpdate(m.get(ACTION), m.get(VALUE));
        });
    }

    public static Map<String, Legacy.FilterCondition> readConditions(JsonParser p) throws IOException {
        return JsonIn.map(p, q -> {
            Members m = CONDITION.readOrEmpty(q);
            return new Legacy.FilterCondition(m.get(COMPARISON_OPERATOR), m.get(VALUE_LIST));
        });
    }
}
