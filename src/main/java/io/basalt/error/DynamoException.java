package io.basalt.error;

/**
 * An error returned to the client as the service returns it. Thrown from any layer; plain data
 * (type, message, and the members subclasses add): the front end renders it (server.http.ErrorResponses). Stack traces are not filled: these are expected outcomes, not bugs.
 */
public class DynamoException extends RuntimeException {
    private final ErrorType type;
    private final ValidationFamily family;

    public DynamoException(ErrorType type, String message) {
        this(type, message, (ValidationFamily) null);
    }

    /** An error caused by a failure below (a store's): the cause is kept for the server's log, never rendered. */
    public DynamoException(ErrorType type, String message, Throwable cause) {
        super(message, cause, false, false);
        this.type = type;
        this.family = null;
    }

    private DynamoException(ErrorType type, String message, ValidationFamily family) {
        super(message, null, false, false);
        this.type = type;
        this.family = family;
    }

    public ErrorType type() { return type; }

    /** The request-validation family, which decides the envelope ({@link ValidationEnvelope}); null when it has none. */
    public ValidationFamily family() { return family; }

    public static DynamoException validation(String message) {
        return new DynamoException(ErrorType.VALIDATION, message);
    }

    /** A validation error of a family some operations wrap in the 2026 envelope. */
    public static DynamoException validation(ValidationFamily family, String message) {
        return new DynamoException(ErrorType.VALIDATION, message, family);
    }

    public static DynamoException serialization(String message) {
        return new DynamoException(ErrorType.SERIALIZATION, message);
    }

    public static DynamoException resourceNotFound(String message) {
        return new DynamoException(ErrorType.RESOURCE_NOT_FOUND, message);
    }

    public static DynamoException resourceInUse(String message) {
        return new DynamoException(ErrorType.RESOURCE_IN_USE, message);
    }
}
