package io.basalt.model;

/** An invalid number; the message is the service's ValidationException text. */
public final class NumberFormatError extends RuntimeException {
    public static final String NOT_A_NUMBER = "A value provided cannot be converted into a number";
    public static final String TOO_PRECISE = "Attempting to store more than 38 significant digits in a Number";
    public static final String OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range";
    public static final String UNDERFLOW = "Number underflow. Attempting to store a number with magnitude smaller than supported range";

    public NumberFormatError(String message) {
        super(message, null, false, false);
    }
}
