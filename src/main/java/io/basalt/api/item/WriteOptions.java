package io.basalt.api.item;

import io.basalt.expression.Legacy;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.DeferredValue;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.util.Map;

/**
 * The members PutItem, UpdateItem and DeleteItem share: the condition (expression or legacy
 * Expected), the placeholders, and the return options; and the error of a value in the request nested
 * past the service's second depth check ({@code farTooDeep}, null when none), which is reported only
 * after the older front end's member checks ({@link WriteRequestRules#olderFrontEndFirst}).
 */
public record WriteOptions(
        String conditionExpression,
        Map<String, String> expressionAttributeNames,
        Map<String, AttributeValue> expressionAttributeValues,
        Map<String, Legacy.Expected> expected,
        String conditionalOperator,
        String returnValues,
        String returnConsumedCapacity,
        String returnItemCollectionMetrics,
        String returnValuesOnConditionCheckFailure,
        io.basalt.error.DynamoException farTooDeep) {

    /** The request's placeholders, shared by all of its expressions. */
    io.basalt.expression.ExpressionContext context() {
        return new io.basalt.expression.ExpressionContext(expressionAttributeNames, expressionAttributeValues);
    }

    private static final Member<String> CONDITION_EXPRESSION = Member.string("ConditionExpression");
    private static final Member<Map<String, String>> NAMES = Member.stringMap("ExpressionAttributeNames");
    private static final Member<DeferredValue<Map<String, AttributeValue>>> VALUES =
            Member.of("ExpressionAttributeValues", p -> deferDepth(p, AttributeValueJson::readValueMap));
    private static final Member<DeferredValue<Map<String, Legacy.Expected>>> EXPECTED =
            Member.of("Expected", p -> deferDepth(p, LegacyJson::readExpected));
    private static final Member<String> CONDITIONAL_OPERATOR = Member.string("ConditionalOperator");
    private static final Member<String> RETURN_VALUES = Member.string("ReturnValues");
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Member<String> RETURN_ITEM_COLLECTION_METRICS = Member.string("ReturnItemCollectionMetrics");
    private static final Member<String> RETURN_VALUES_ON_CONDITION_CHECK_FAILURE =
            Member.string("ReturnValuesOnConditionCheckFailure");

    /** The shared members, to add to each operation's own ({@link Structure#with}). */
    static final Structure MEMBERS = Structure.of(CONDITION_EXPRESSION, NAMES, VALUES, EXPECTED, CONDITIONAL_OPERATOR,
            RETURN_VALUES, RETURN_CONSUMED_CAPACITY, RETURN_ITEM_COLLECTION_METRICS,
            RETURN_VALUES_ON_CONDITION_CHECK_FAILURE);

    /**
     * The shared members of a request read with a structure that includes {@link #MEMBERS}; {@code own} is
     * the operation's Item or Key, read with {@link #deferDepth}.
     */
    static WriteOptions from(Members m, DeferredValue<?> own) {
        io.basalt.error.DynamoException farTooDeep = DeferredValue.errorOf(own);
        if (farTooDeep == null) farTooDeep = DeferredValue.errorOf(m.get(VALUES));
        if (farTooDeep == null) farTooDeep = DeferredValue.errorOf(m.get(EXPECTED));
        return new WriteOptions(m.get(CONDITION_EXPRESSION), m.get(NAMES), DeferredValue.valueOf(m.get(VALUES)),
                DeferredValue.valueOf(m.get(EXPECTED)), m.get(CONDITIONAL_OPERATOR), m.get(RETURN_VALUES),
                m.get(RETURN_CONSUMED_CAPACITY), m.get(RETURN_ITEM_COLLECTION_METRICS),
                m.get(RETURN_VALUES_ON_CONDITION_CHECK_FAILURE), farTooDeep);
    }

    /**
     * Reads a value member; a value nested past the second depth check is kept (the rest of the request is
     * still read, so its enums can be checked first), any other error is thrown as read.
     */
    static <T> DeferredValue<T> deferDepth(com.fasterxml.jackson.core.JsonParser p, io.basalt.wire.JsonIn.ValueReader<T> reader)
            throws java.io.IOException {
        return DeferredValue.read(p, reader, e -> e.family() == io.basalt.error.ValidationFamily.DEEP_NESTING);
    }
}
