package io.basalt.expression;

import io.basalt.error.DynamoException;
import io.basalt.model.AttributeValue;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The placeholders of one request (ExpressionAttributeNames / ExpressionAttributeValues), shared by
 * all of its expressions, recording which were used so that unused ones can be refused as the
 * service refuses them.
 */
public final class ExpressionContext {
    private final Map<String, String> names;
    private final Map<String, AttributeValue> values;
    private final Set<String> usedNames = new LinkedHashSet<>();
    private final Set<String> usedValues = new LinkedHashSet<>();

    private static final java.util.regex.Pattern NAME_KEY = java.util.regex.Pattern.compile("#[A-Za-z0-9_]+");
    private static final java.util.regex.Pattern VALUE_KEY = java.util.regex.Pattern.compile(":[A-Za-z0-9_]+");

    /**
     * @throws DynamoException for a placeholder key that is not one ("loc" instead of "#loc"): the
     *         service refuses it before it looks at any expression or unused placeholder
     */
    public ExpressionContext(Map<String, String> names, Map<String, AttributeValue> values) {
        this.names = names == null ? Map.of() : names;
        this.values = values == null ? Map.of() : values;
        checkKeys(this.names.keySet(), NAME_KEY, "ExpressionAttributeNames");
        checkKeys(this.values.keySet(), VALUE_KEY, "ExpressionAttributeValues");
    }

    private static void checkKeys(Set<String> keys, java.util.regex.Pattern shape, String member) {
        for (String key : keys) {
            if (!shape.matcher(key).matches()) {
                throw DynamoException.validation(io.basalt.error.ValidationFamily.EXPRESSION_PARAMETERS,
                        member + " contains invalid key: Syntax error; key: \"" + key + "\"");
            }
        }
    }

    Map<String, String> names() {
        return names;
    }

    Map<String, AttributeValue> values() {
        return values;
    }

    Set<String> usedNames() {
        return usedNames;
    }

    Set<String> usedValues() {
        return usedValues;
    }

    void markUsed(Set<String> names, Set<String> values) {
        usedNames.addAll(names);
        usedValues.addAll(values);
    }

    String name(ExpressionKind kind, String placeholder) {
        String n = names.get(placeholder);
        if (n == null) {
            throw ExpressionErrors.invalid(kind, "An expression attribute name used in the document path is not defined; attribute name: " + placeholder);
        }
        usedNames.add(placeholder);
        return n;
    }

    AttributeValue value(ExpressionKind kind, String placeholder) {
        AttributeValue v = values.get(placeholder);
        if (v == null) {
            throw ExpressionErrors.invalid(kind, "An expression attribute value used in expression is not defined; attribute value: " + placeholder);
        }
        usedValues.add(placeholder);
        return v;
    }

    /** Refuses placeholders no expression of the request used. Call after parsing all expressions. */
    public void checkAllUsed() {
        if (usedNames.size() < names.size()) {
            Set<String> unused = new TreeSet<>(names.keySet());
            unused.removeAll(usedNames);
            throw DynamoException.validation(io.basalt.error.ValidationFamily.EXPRESSION_PARAMETERS, "Value provided in ExpressionAttributeNames unused in expressions: keys: {"
                    + String.join(", ", unused) + "}");
        }
        if (usedValues.size() < values.size()) {
            Set<String> unused = new TreeSet<>(values.keySet());
            unused.removeAll(usedValues);
            throw DynamoException.validation(io.basalt.error.ValidationFamily.EXPRESSION_PARAMETERS, "Value provided in ExpressionAttributeValues unused in expressions: keys: {"
                    + String.join(", ", unused) + "}");
        }
    }
}
