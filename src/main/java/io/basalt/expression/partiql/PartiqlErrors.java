package io.basalt.expression.partiql;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;

/** The service's PartiQL error texts. */
public final class PartiqlErrors {
    public static final String NOT_WELL_FORMED = "Statement wasn't well formed, can't be processed: ";
    public static final String INCOMPLETE_KEY = "Where clause does not contain a mandatory equality on all key attributes";
    public static final String DUPLICATE_ITEM = "Duplicate primary key exists in table";
    public static final String MULTI_ATTRIBUTE_KEYS =
            "PartiQL statements cannot be executed on tables with multi-attribute HASH keys or multi-attribute RANGE keys.";
    public static final String PARAMETER_COUNT = "Number of parameters in request and statement don't match.";

    private PartiqlErrors() {}

    /**
     * A syntax error. The service gives its parser's short detail after the fixed prefix (e.g.
     * "Unexpected keyword", "Expected data manipulation"), without a position.
     */
    static DynamoException syntax(String detail) {
        return DynamoException.validation(NOT_WELL_FORMED + detail);
    }

    /** A well-formed statement DynamoDB does not run (ValidationException with the given text). */
    public static DynamoException invalid(String message) {
        return DynamoException.validation(message);
    }

    public static DynamoException duplicateItem() {
        return new DynamoException(ErrorType.DUPLICATE_ITEM, DUPLICATE_ITEM);
    }
}
