package io.basalt.migrate.model;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A size in bytes, exact (a decimal: "0.7 KB" is 716.8 bytes, as the service's capacity arithmetic
 * treats it: ceil(1000 × 0.7 KB / 4 KB) = 175). Written as a number of bytes or with a unit
 * B, KB, MB, GB (binary multiples, as DynamoDB's 1 KB write unit and 4 KB read unit are).
 */
public record Size(BigDecimal bytes) {
    public static final BigDecimal KB = BigDecimal.valueOf(1024);
    private static final Pattern TEXT = Pattern.compile("\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([KMG]?B)?\\s*", Pattern.CASE_INSENSITIVE);

    public static Size ofBytes(long bytes) {
        return new Size(BigDecimal.valueOf(bytes));
    }

    /** Parses "716", "716 B", "0.7 KB", "1.5MB"; a YAML number is bytes. */
    public static Size parse(Object value) {
        if (value instanceof Number n) {
            return new Size(new BigDecimal(n.toString()));
        }
        Matcher m = TEXT.matcher(String.valueOf(value));
        if (!m.matches()) {
            throw new ModelException("not a size: '" + value + "' (write bytes, or a number with B, KB, MB or GB)");
        }
        BigDecimal n = new BigDecimal(m.group(1));
        String unit = m.group(2) == null ? "B" : m.group(2).toUpperCase(Locale.ROOT);
        BigDecimal factor = switch (unit) {
            case "KB" -> KB;
            case "MB" -> KB.multiply(KB);
            case "GB" -> KB.multiply(KB).multiply(KB);
            default -> BigDecimal.ONE;
        };
        return new Size(n.multiply(factor));
    }

    public Size plus(Size other) {
        return new Size(bytes.add(other.bytes));
    }

    @Override
    public String toString() {
        return bytes.stripTrailingZeros().toPlainString() + " B";
    }
}
