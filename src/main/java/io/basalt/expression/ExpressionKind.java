package io.basalt.expression;

/** Which request parameter an expression came from; the service names it in its error texts. */
public enum ExpressionKind {
    CONDITION("ConditionExpression"),
    FILTER("FilterExpression"),
    KEY_CONDITION("KeyConditionExpression"),
    UPDATE("UpdateExpression"),
    PROJECTION("ProjectionExpression");

    private final String parameter;

    ExpressionKind(String parameter) {
        this.parameter = parameter;
    }

    public String parameter() {
        return parameter;
    }
}
