package io.basalt.error;

/**
 * An error returned to the client as the service returns it. Thrown from any layer; plain data
 * (type, message, and the members subclasses add): the front end renders it (server.http.ErrorResponses). Stack traces are not filled: these are expected outcomes, not bugs.
 */
public class DynamoException extends RuntimeException {
    private final ErrorType type;

    public DynamoException(ErrorType type, String message) {
        super(message, null, false, false);
        this.type = type;
    }

    public ErrorType type() { return type; }

    public static DynamoException validation(String message) {
        return new DynamoException(ErrorType.VALIDATION, message);
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
