package io.basalt.migrate.model;

/** A model file that cannot be read or does not hold together; the message names the place. */
public final class ModelException extends RuntimeException {
    public ModelException(String message) {
        super(message);
    }
}
