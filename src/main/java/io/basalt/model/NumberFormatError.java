package io.basalt.model;

/** An invalid number; the message is the service's ValidationException text. */
public final class NumberFormatError extends RuntimeException {
    public static final String NOT_A_NUMBER = "A value provided cannot be converted into a number";
    /**
     * The service's words for a malformed number in an attribute value, followed by the value as sent
     * (live captures of 2026-10-09, paritysuite/dynamodb-conformance tests/tier3/error-messages/valueLayers.test.ts).
     */
    public static final String NOT_NUMERIC_VALUE = "The parameter cannot be converted to a numeric value: ";
    /** The older value layer's words for an empty number (BatchWriteItem; live 2026-10-09): no colon, no value. */
    public static final String NOT_NUMERIC_VALUE_BARE = "The parameter cannot be converted to a numeric value";
    public static final String TOO_PRECISE = "Attempting to store more than 38 significant digits in a Number";
    public static final String OVERFLOW = "Number overflow. Attempting to store a number with magnitude larger than supported range";
    public static final String UNDERFLOW = "Number underflow. Attempting to store a number with magnitude smaller than supported range";

    public NumberFormatError(String message) {
        super(message, null, false, false);
    }
}
