package io.basalt.expression;

import io.basalt.error.ValidationFamily;

/** Which request parameter an expression came from; the service names it in its error texts. */
public enum ExpressionKind {
    CONDITION("ConditionExpression", ValidationFamily.CONDITION_EXPRESSION),
    FILTER("FilterExpression", ValidationFamily.FILTER_EXPRESSION),
    SEARCH_CONDITION("SearchConditionExpression", ValidationFamily.FILTER_EXPRESSION),
    KEY_CONDITION("KeyConditionExpression", ValidationFamily.KEY_CONDITION_EXPRESSION),
    UPDATE("UpdateExpression", ValidationFamily.UPDATE_EXPRESSION),
    PROJECTION("ProjectionExpression", ValidationFamily.PROJECTION_EXPRESSION);

    private final String parameter;
    private final ValidationFamily family;

    ExpressionKind(String parameter, ValidationFamily family) {
        this.parameter = parameter;
        this.family = family;
    }

    /** The family of this parameter's "Invalid ...: " errors. */
    public ValidationFamily family() {
        return family;
    }

    public String parameter() {
        return parameter;
    }
}
