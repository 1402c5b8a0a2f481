package io.basalt.api.common;

import io.basalt.error.ConstraintViolations;
import io.basalt.model.ServiceLimits;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Collects the service's member-constraint violations (checked before any semantic rule) and raises
 * them together as one {@link ConstraintViolations}, word for word as the service does. Member paths
 * are the service's names: mostly lower camel case ('tableName', 'limit'); a few members the service
 * now checks in its newer front end are spelled as on the wire and their value is not echoed (Query's
 * "Value at 'Limit'"): the {@code ...WithoutValue} methods.
 */
public final class Constraints {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z0-9_.-]+");

    private final List<String> errors = new ArrayList<>(2);

    private void add(Object value, String path, String constraint) {
        errors.add(ConstraintViolations.violation(value == null ? null : String.valueOf(value), path, constraint));
    }

    /** A violation whose value the caller renders as the service echoes it (e.g. a Java-style list dump). */
    public Constraints violation(String shownValue, String path, String constraint) {
        errors.add(ConstraintViolations.violation(shownValue, path, constraint));
        return this;
    }

    public Constraints notNull(Object value, String path) {
        if (value == null) add(null, path, "Member must not be null");
        return this;
    }

    /** A table or index name: 3..255 of [a-zA-Z0-9_.-]. Null is not checked here. */
    public Constraints tableName(String value, String path) {
        if (value == null) return this;
        if (!NAME.matcher(value).matches()) add(value, path, "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+");
        if (value.length() < ServiceLimits.NAME_MIN) {
            add(value, path, "Member must have length greater than or equal to " + ServiceLimits.NAME_MIN);
        }
        if (value.length() > ServiceLimits.NAME_MAX) {
            add(value, path, "Member must have length less than or equal to " + ServiceLimits.NAME_MAX);
        }
        return this;
    }

    /**
     * A table name that may also be a table ARN (item operations accept either); 1..1024 chars. An
     * empty name breaks only the length minimum of 1 (one violation), as the service reports it.
     */
    public Constraints tableNameOrArn(String value, String path) {
        if (value == null) return this;
        if (value.isEmpty()) {
            add(value, path, "Member must have length greater than or equal to 1");
            return this;
        }
        if (value.startsWith("arn:")) {
            if (value.length() > ServiceLimits.ARN_LENGTH) {
                add(value, path, "Member must have length less than or equal to " + ServiceLimits.ARN_LENGTH);
            }
            return this;
        }
        return tableName(value, path);
    }

    /**
     * The table name of PutItem, UpdateItem and DeleteItem as the service's newer front end checks it
     * (live captures of 2026-09/10, every region but eu-south-2 and me-central-1): an empty name stops
     * validation at once with one violation, the member spelled as on the wire and its value not echoed;
     * other names are checked as {@link #tableNameOrArn}.
     */
    public Constraints tableNameOrArnStoppingWhenEmpty(String value) {
        if ("".equals(value)) {
            throw ConstraintViolations.of(ConstraintViolations.violationWithoutValue("TableName",
                    "Member must have length greater than or equal to 1"));
        }
        return tableNameOrArn(value, "tableName");
    }

    /**
     * An enum the newer front end reports without member or value, listing {@code shown} (which may
     * differ from the accepted values: the service's ReturnValues list says UPDATE_NEW).
     */
    public Constraints enumValueWithoutMember(String value, java.util.Set<String> allowed, String shown) {
        if (value != null && !allowed.contains(value)) {
            errors.add(ConstraintViolations.violationWithoutMember("Member must satisfy enum value set: " + shown));
        }
        return this;
    }

    /** {@code allowedAsShown} is the service's rendering of the enum, e.g. "[INDEXES, TOTAL, NONE]". */
    public Constraints enumValue(String value, String path, String allowedAsShown) {
        if (value == null) return this;
        for (String a : allowedAsShown.substring(1, allowedAsShown.length() - 1).split(", ")) {
            if (a.equals(value)) return this;
        }
        add(value, path, "Member must satisfy enum value set: " + allowedAsShown);
        return this;
    }

    /** The service's rendering of the legacy ComparisonOperator enum. */
    public static final String COMPARISON_OPERATOR_ENUM =
            "[IN, NULL, BETWEEN, LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]";

    /**
     * The ComparisonOperator of each legacy condition in a map member (KeyConditions, QueryFilter,
     * ScanFilter: required; Expected: optional), at "member.NAME.member.comparisonOperator".
     */
    public <V> Constraints comparisonOperators(java.util.Map<String, V> conditions, java.util.function.Function<V, String> operator,
                                             String member, boolean required) {
        if (conditions == null) return this;
        for (java.util.Map.Entry<String, V> e : conditions.entrySet()) {
            String op = e.getValue() == null ? null : operator.apply(e.getValue());
            String path = member + "." + e.getKey() + ".member.comparisonOperator";
            if (required) notNull(op, path);
            enumValue(op, path, COMPARISON_OPERATOR_ENUM);
        }
        return this;
    }

    public Constraints min(Long value, String path, long min) {
        if (value != null && value < min) add(value, path, "Member must have value greater than or equal to " + min);
        return this;
    }

    /** {@link #min} at a member whose value the service does not echo. */
    public Constraints minWithoutValue(Long value, String path, long min) {
        if (value != null && value < min) errors.add(ConstraintViolations.violationWithoutValue(path, "Member must have value greater than or equal to " + min));
        return this;
    }

    public Constraints max(Long value, String path, long max) {
        if (value != null && value > max) add(value, path, "Member must have value less than or equal to " + max);
        return this;
    }

    public Constraints minLength(String value, String path, int min) {
        if (value != null && value.length() < min) add(value, path, "Member must have length greater than or equal to " + min);
        return this;
    }

    public Constraints maxLength(String value, String path, int max) {
        if (value != null && value.length() > max) add(value, path, "Member must have length less than or equal to " + max);
        return this;
    }

    public Constraints minSize(Collection<?> value, String path, int min) {
        if (value != null && value.size() < min) add(value, path, "Member must have length greater than or equal to " + min);
        return this;
    }

    public Constraints minSize(Map<?, ?> value, String path, int min) {
        if (value != null && value.size() < min) add(value, path, "Member must have length greater than or equal to " + min);
        return this;
    }

    /** {@link #minSize} at a member whose value the service does not echo. */
    public Constraints minSizeWithoutValue(Collection<?> value, String path, int min) {
        if (value != null && value.size() < min) errors.add(ConstraintViolations.violationWithoutValue(path, "Member must have length greater than or equal to " + min));
        return this;
    }

    public Constraints maxSize(Collection<?> value, String path, int max) {
        if (value != null && value.size() > max) add(value, path, "Member must have length less than or equal to " + max);
        return this;
    }

    /** {@link #maxSize} at a member whose value the service does not echo. */
    public Constraints maxSizeWithoutValue(Collection<?> value, String path, int max) {
        if (value != null && value.size() > max) errors.add(ConstraintViolations.violationWithoutValue(path, "Member must have length less than or equal to " + max));
        return this;
    }

    /** Whether any violation was collected so far. */
    public boolean any() {
        return !errors.isEmpty();
    }

    /** Raises the collected violations, if any. */
    public void check() {
        if (!errors.isEmpty()) throw new ConstraintViolations(errors);
    }
}
