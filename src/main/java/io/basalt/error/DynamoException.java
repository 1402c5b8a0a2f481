package io.basalt.error;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;

/**
 * An error returned to the client as the service returns it. Thrown from any layer; the protocol
 * layer renders it. Stack traces are not filled: these are expected outcomes, not bugs.
 */
public class DynamoException extends RuntimeException {
    private final ErrorType type;

    public DynamoException(ErrorType type, String message) {
        super(message, null, false, false);
        this.type = type;
    }

    public ErrorType type() { return type; }

    /** Writes members beyond __type and message (e.g. Item, CancellationReasons). */
    public void writeExtraFields(JsonGenerator out) throws IOException {}

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
