package io.basalt.api.item;

import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.common.Constraints;
import io.basalt.error.DynamoException;
import io.basalt.error.ValidationFamily;
import io.basalt.model.AttributeValue;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * Validation shared by PutItem, UpdateItem and DeleteItem: the member constraints of the return
 * options and the rules about mixing expression and legacy parameters, in the service's words.
 */
final class WriteRequestRules {
    static final String RETURN_ITEM_COLLECTION_METRICS_ENUM = "[SIZE, NONE]";
    static final String RETURN_ON_CONDITION_FAILURE_ENUM = "[ALL_OLD, NONE]";
    static final String CONDITIONAL_OPERATOR_ENUM = "[AND, OR]";

    /**
     * The families PutItem, UpdateItem and DeleteItem report inside "1 validation error detected: ",
     * as the live service answered in us-east-1 and every other region but eu-south-2 and me-central-1
     * (paritysuite/dynamodb-conformance captures/cross-region-latest.json 2026-09-20, registry/splits.json
     * and captures of 2026-10-07): malformed numbers, expression-parameter rules (placeholders without an
     * expression, empty or unused placeholder maps, mixing legacy and expression parameters), condition-
     * and update-expression errors, malformed Expected, ReturnValues, empty or duplicate set members,
     * NULL false and too deep nesting. Key errors stay bare. The conformance suite of 2026-04
     * (nubo-db/dynamodb-conformance) pins several of these bare: docs/compatibility.md lists its tests
     * that Basalt now answers the newer way.
     */
    static final Set<ValidationFamily> ENVELOPED = Collections.unmodifiableSet(EnumSet.of(ValidationFamily.NUMBER_VALUE,
            ValidationFamily.EXPRESSION_PARAMETERS, ValidationFamily.CONDITION_EXPRESSION, ValidationFamily.UPDATE_EXPRESSION,
            ValidationFamily.LEGACY_CONDITION, ValidationFamily.RETURN_VALUES, ValidationFamily.ATTRIBUTE_VALUE));

    /** The values ReturnValues accepts, and the list the newer front end shows when refusing one (sic: UPDATE_NEW). */
    private static final Set<String> RETURN_VALUES = Set.of("NONE", "ALL_OLD", "UPDATED_OLD", "ALL_NEW", "UPDATED_NEW");
    private static final String RETURN_VALUES_AS_SHOWN = "[ALL_OLD, UPDATED_OLD, ALL_NEW, UPDATE_NEW, NONE]";
    /** The older front end's enum lists (live 2026-10-09). */
    private static final String OLDER_RETURN_VALUES = "[ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]";
    private static final String OLDER_CONDITIONAL_OPERATOR = "[OR, AND]";

    private WriteRequestRules() {}

    /**
     * Member constraints common to the three write operations, in the order of the service's newer
     * front end (live 2026-09-20, us-east-1 and eu-west-2: PutItem with three bad enums reports
     * returnConsumedCapacity, ReturnValues, returnItemCollectionMetrics; ReturnValues without member
     * or value). UpdateItem's front end stops at a bad ReturnValues ({@code stopAtReturnValues}): one error.
     */
    static Constraints returnOptions(Constraints c, String returnValues, String returnConsumedCapacity,
                                     String returnItemCollectionMetrics, String returnOnConditionFailure,
                                     String conditionalOperator, boolean stopAtReturnValues) {
        if (stopAtReturnValues && returnValues != null && !RETURN_VALUES.contains(returnValues)) {
            new Constraints().enumValueWithoutMember(returnValues, RETURN_VALUES, RETURN_VALUES_AS_SHOWN).check();
        }
        return c.enumValue(returnConsumedCapacity, "returnConsumedCapacity", ConsumedCapacityWriter.ENUM)
                .enumValueWithoutMember(returnValues, RETURN_VALUES, RETURN_VALUES_AS_SHOWN)
                .enumValue(returnItemCollectionMetrics, "returnItemCollectionMetrics", RETURN_ITEM_COLLECTION_METRICS_ENUM)
                .enumValue(returnOnConditionFailure, "returnValuesOnConditionCheckFailure", RETURN_ON_CONDITION_FAILURE_ENUM)
                .enumValue(conditionalOperator, "conditionalOperator", CONDITIONAL_OPERATOR_ENUM);
    }

    /**
     * UpdateItem without a Key falls back to the older front end's aggregated member errors, the missing
     * key last (live us-east-1 and eu-west-2 2026-10-09, paritysuite validation-ordering/updateItem): an
     * empty TableName is echoed lower case, ReturnValues and ConditionalOperator by the older enum lists.
     * The order of ReturnItemCollectionMetrics among them is not captured.
     */
    static void updateWithoutKey(String tableName, WriteOptions o) {
        new Constraints().enumValue(o.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM)
                .notNull(tableName, "tableName").tableNameOrArn(tableName, "tableName")
                .enumValue(o.returnValues(), "returnValues", OLDER_RETURN_VALUES)
                .enumValue(o.returnItemCollectionMetrics(), "returnItemCollectionMetrics", RETURN_ITEM_COLLECTION_METRICS_ENUM)
                .enumValue(o.conditionalOperator(), "conditionalOperator", OLDER_CONDITIONAL_OPERATOR)
                .notNull(null, "key")
                .check();
    }

    /**
     * A value nested past the service's second depth check (63 levels or more) makes PutItem, UpdateItem
     * and DeleteItem read the request the older front end's way before refusing the value (live us-east-1
     * and eu-west-2 2026-10-09, paritysuite validation-ordering/deepRequests): ReturnValues and
     * ConditionalOperator are checked first by their older enum lists, then a ReturnValues other than
     * ALL_OLD or NONE is refused bare where the operation allows only those ({@code allOldOrNone}: DeleteItem
     * is captured, PutItem taken to follow it), then the nesting error. The return-option enums beside them
     * are taken in the order of {@link #updateWithoutKey}, which is not captured here.
     */
    static void olderFrontEndFirst(WriteOptions o, boolean allOldOrNone) {
        if (o.farTooDeep() == null) return;
        new Constraints().enumValue(o.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM)
                .enumValue(o.returnValues(), "returnValues", OLDER_RETURN_VALUES)
                .enumValue(o.returnItemCollectionMetrics(), "returnItemCollectionMetrics", RETURN_ITEM_COLLECTION_METRICS_ENUM)
                .enumValue(o.conditionalOperator(), "conditionalOperator", OLDER_CONDITIONAL_OPERATOR)
                .check();
        if (allOldOrNone) allOldOrNone(o.returnValues(), null);
        throw o.farTooDeep();
    }

    /** "ReturnValues can only be ALL_OLD or NONE", in {@code family} (null: bare). */
    private static void allOldOrNone(String returnValues, ValidationFamily family) {
        if (returnValues != null && !returnValues.equals("NONE") && !returnValues.equals("ALL_OLD")) {
            throw DynamoException.validation(family, "ReturnValues can only be ALL_OLD or NONE");
        }
    }

    /**
     * The service refuses expression placeholders when no expression uses them, and empty
     * placeholder maps.
     *
     * @param expressionNames names of the expression parameters present, e.g. "ConditionExpression"
     */
    static void placeholdersNeedExpressions(Map<String, String> names, Map<String, AttributeValue> values,
                                            boolean anyExpression) {
        if (names != null && !anyExpression) {
            throw DynamoException.validation(ValidationFamily.EXPRESSION_PARAMETERS, "ExpressionAttributeNames can only be specified when using expressions");
        }
        if (values != null && !anyExpression) {
            // the newer front end drops the old ": ConditionExpression is null" suffix (live 2026-09-20)
            throw DynamoException.validation(ValidationFamily.EXPRESSION_PARAMETERS, "ExpressionAttributeValues can only be specified when using expressions");
        }
        if (names != null && names.isEmpty()) {
            throw DynamoException.validation(ValidationFamily.EXPRESSION_PARAMETERS, "ExpressionAttributeNames must not be empty");
        }
        if (values != null && values.isEmpty()) {
            throw DynamoException.validation(ValidationFamily.EXPRESSION_PARAMETERS, "ExpressionAttributeValues must not be empty");
        }
    }

    /**
     * "Can not use both expression and non-expression parameters in the same request:
     * Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}".
     */
    static void noMixing(String nonExpression, String expression) {
        if (nonExpression.isEmpty() || expression.isEmpty()) return;
        throw DynamoException.validation(ValidationFamily.EXPRESSION_PARAMETERS, "Can not use both expression and non-expression parameters in the same request: "
                + "Non-expression parameters: {" + nonExpression + "} Expression parameters: {" + expression + "}");
    }

    /**
     * Every check PutItem and DeleteItem share, in the service's order, then the parsed condition
     * (null when none). {@code c} holds the operation's own member constraints.
     */
    static io.basalt.expression.Condition prepareConditionalWrite(Constraints c, WriteOptions o) {
        returnOptions(c, o.returnValues(), o.returnConsumedCapacity(), o.returnItemCollectionMetrics(),
                o.returnValuesOnConditionCheckFailure(), o.conditionalOperator(), false).check();
        noMixing(present(new Object[] {o.expected(), o.conditionalOperator()}, new String[] {"Expected", "ConditionalOperator"}),
                o.conditionExpression() != null ? "ConditionExpression" : "");
        conditionalOperatorNeedsConditions(o.conditionalOperator(), o.expected());
        placeholdersNeedExpressions(o.expressionAttributeNames(), o.expressionAttributeValues(),
                o.conditionExpression() != null);
        allOldOrNone(o.returnValues(), ValidationFamily.RETURN_VALUES);
        io.basalt.expression.ExpressionContext ctx = o.context();
        io.basalt.expression.Condition condition = ItemRequests.condition(o.conditionExpression(), o.expected(), o.conditionalOperator(), ctx);
        ctx.checkAllUsed();
        return condition;
    }

    /**
     * ConditionalOperator joins two or more legacy conditions: the service refuses it without
     * Expected/QueryFilter/ScanFilter (or with an empty one) and with a single condition. Checked
     * right after the mixing rule (ExtendDB/extenddb tests/test_conditional_operator.py, run against
     * the live service).
     */
    static void conditionalOperatorNeedsConditions(String conditionalOperator, Map<String, ?> conditions) {
        if (conditionalOperator == null) return;
        if (conditions == null || conditions.isEmpty()) {
            throw DynamoException.validation("ConditionalOperator cannot be used without Filter or Expected");
        }
        if (conditions.size() == 1) {
            throw DynamoException.validation("ConditionalOperator can only be used when Filter or Expected has two or more elements");
        }
    }

    /** Joins the names of the present parameters with ", " (the order given is the service's). */
    static String present(Object[] values, String[] names) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) continue;
            if (sb.length() > 0) sb.append(", ");
            sb.append(names[i]);
        }
        return sb.toString();
    }
}
