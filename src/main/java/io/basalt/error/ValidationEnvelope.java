package io.basalt.error;

import java.util.Set;

/**
 * The service's 2026 envelope around request-validation errors: "1 validation error detected: "
 * before the message of an error whose family the operation wraps. Applied once, where an operation's
 * error leaves it; the families are named where errors are raised, never recognised by their text.
 */
public final class ValidationEnvelope {
    static final String ONE = "1 validation error detected: ";

    private ValidationEnvelope() {}

    /** {@code e} as the operation answers it: wrapped when its family is one of {@code wrapped}. */
    public static DynamoException apply(DynamoException e, Set<ValidationFamily> wrapped) {
        if (e.family() == null || !wrapped.contains(e.family()) || e.type() != ErrorType.VALIDATION) return e;
        return new DynamoException(ErrorType.VALIDATION, ONE + e.getMessage());
    }
}
