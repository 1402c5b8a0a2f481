package io.basalt.expression.partiql;

import io.basalt.model.NumberFormatError;
import java.math.BigDecimal;

/**
 * PartiQL's own number rules, which differ from the item API's: a number whose exponent, or whose scale
 * (digits after the point less the exponent), does not fit 32 bits cannot be converted at all (live eu-west-2,
 * October 2026; paritysuite tests/tier3/error-messages/partiqlGrammar and partiqlParameterNumbers).
 */
public final class PartiqlNumbers {
    private PartiqlNumbers() {}

    /** Whether the exponent and the scale of a well-formed number each fit 32 bits. */
    public static boolean convertible(String text) {
        int e = Math.max(text.indexOf('e'), text.indexOf('E'));
        if (e < 0) return true;
        String mantissa = text.substring(0, e);
        int point = mantissa.indexOf('.');
        long fraction = point < 0 ? 0 : mantissa.length() - point - 1;
        long exponent;
        try {
            exponent = Long.parseLong(text.substring(e + 1).replace("+", ""));
        } catch (NumberFormatException tooLong) {
            return false;
        }
        long scale = fraction - exponent;
        return exponent == (int) exponent && scale == (int) scale;
    }

    /**
     * The service's answer for a number in a statement's Parameters that the item API's rules refused with
     * {@code itemApiMessage}: an empty one and one that cannot be converted have their own texts, and an exponent
     * at the edge of 32 bits wraps the magnitude check into an underflow (1e2147483647).
     */
    public static String parameterError(String text, String itemApiMessage) {
        if (text.isEmpty()) return "The parameter cannot be converted to a numeric value";
        if (!convertible(text)) return NumberFormatError.NOT_NUMERIC_VALUE + text;
        if (itemApiMessage.equals(NumberFormatError.OVERFLOW)) {
            try {
                BigDecimal bd = new BigDecimal(text);
                if ((long) bd.precision() - bd.scale() > Integer.MAX_VALUE) return NumberFormatError.UNDERFLOW;
            } catch (NumberFormatException | ArithmeticException notNumeric) {
                return itemApiMessage;
            }
        }
        return itemApiMessage;
    }
}
