package io.basalt.error;

import java.util.List;

/**
 * The service's member-constraint family: one or more violations, each "Value ... at 'path' failed to
 * satisfy constraint: ...", raised together under the "N validation error(s) detected: " envelope.
 * The envelope is applied here and only here, so a violation is written without it wherever it is found.
 */
public final class ConstraintViolations extends DynamoException {
    private final List<String> violations;

    public ConstraintViolations(List<String> violations) {
        super(ErrorType.VALIDATION, envelope(violations));
        this.violations = List.copyOf(violations);
    }

    /** One violation, e.g. a constraint found outside the request's constraint pass. */
    public static ConstraintViolations of(String violation) {
        return new ConstraintViolations(List.of(violation));
    }

    /** A violation as the service words it; {@code shownValue} is the value as echoed, null for "Value null". */
    public static String violation(String shownValue, String path, String constraint) {
        return (shownValue == null ? "Value null" : "Value '" + shownValue + "'") + " at '" + path + "' failed to satisfy constraint: " + constraint;
    }

    /** A violation at a member whose value the service leaves out: "Value at 'Limit' failed to ...". */
    public static String violationWithoutValue(String path, String constraint) {
        return "Value at '" + path + "' failed to satisfy constraint: " + constraint;
    }

    /**
     * A violation the newer front end reports naming neither the member nor the value (ReturnValues
     * of the item writes since 2026: "Failed to satisfy constraint: Member must satisfy enum value set: ...").
     */
    public static String violationWithoutMember(String constraint) {
        return "Failed to satisfy constraint: " + constraint;
    }

    public List<String> violations() {
        return violations;
    }

    private static String envelope(List<String> violations) {
        int n = violations.size();
        return n + (n == 1 ? " validation error detected: " : " validation errors detected: ") + String.join("; ", violations);
    }
}
