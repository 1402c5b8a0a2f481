package io.basalt.migrate.replicate;

import io.basalt.migrate.source.SqlValues;
import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A binlog row value as the canonical text {@link SqlValues} gives the same value read over JDBC.
 * The binlog carries only the storage form (mysql-binlog-connector-java with dates and times as
 * microseconds and strings as bytes), so each column's information_schema entry says what it is:
 * unsigned integers (the log holds them as signed), the character set of text, BINARY(n)'s length
 * (the log drops its trailing zero bytes), ENUM and SET labels (the log holds their index or bit
 * mask), BIT(n), MariaDB's UUID. A value it cannot decode keeps a plain text form; it only matters
 * when the column is part of a source key, and then the applier reports the change.
 */
record BinlogValues(String name, String dataType, String columnType, String charset, long octetLength) {
    private static final Pattern LABEL = Pattern.compile("'((?:[^']|'')*)'");

    /** How a value of this column is bound in a query ({@link SqlValues#bind}). */
    SqlValues.Kind kind() {
        return switch (dataType.toLowerCase(Locale.ROOT)) {
            case "tinyint", "smallint", "mediumint", "int", "integer", "bigint", "year" -> SqlValues.Kind.INTEGER;
            case "decimal", "numeric" -> SqlValues.Kind.DECIMAL;
            case "float", "double", "real" -> SqlValues.Kind.FLOAT;
            case "date" -> SqlValues.Kind.DATE;
            case "datetime" -> SqlValues.Kind.LOCAL_TIMESTAMP;
            case "timestamp" -> SqlValues.Kind.INSTANT;
            case "time" -> SqlValues.Kind.TIME;
            case "binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob" -> SqlValues.Kind.BINARY;
            case "bit" -> bitWidth() > 1 ? SqlValues.Kind.BITS : SqlValues.Kind.BOOLEAN;
            default -> SqlValues.Kind.TEXT;
        };
    }

    String text(Serializable v) {
        if (v == null) return null;
        try {
            return decode(v);
        } catch (RuntimeException e) {
            return v instanceof byte[] b ? SqlValues.hex(b) : v.toString();
        }
    }

    private String decode(Serializable v) {
        String type = dataType.toLowerCase(Locale.ROOT);
        boolean unsigned = columnType.toLowerCase(Locale.ROOT).contains("unsigned");
        switch (type) {
            case "tinyint", "smallint", "mediumint", "int", "integer", "bigint" -> {
                long n = ((Number) v).longValue();
                if (!unsigned) return Long.toString(n);
                int bits = switch (type) {
                    case "tinyint" -> 8;
                    case "smallint" -> 16;
                    case "mediumint" -> 24;
                    case "bigint" -> 64;
                    default -> 32;
                };
                return bits == 64 ? Long.toUnsignedString(n) : Long.toString(n & ((1L << bits) - 1));
            }
            case "decimal", "numeric" -> {
                return ((BigDecimal) v).toPlainString();
            }
            case "year" -> {
                return v.toString();
            }
            case "date" -> {
                return wallClock(micros(v)).toLocalDate().toString();
            }
            case "datetime" -> {
                return wallClock(micros(v)).toString();
            }
            case "timestamp" -> {
                return SqlValues.instantText(micros(v));
            }
            case "time" -> {
                long m = micros(v);
                String sign = m < 0 ? "-" : "";
                m = Math.abs(m);
                long secs = m / 1_000_000;
                String fraction = String.format("%06d", m % 1_000_000).replaceAll("0+$", "");
                return sign + String.format("%02d:%02d:%02d", secs / 3600, secs / 60 % 60, secs % 60) + (fraction.isEmpty() ? "" : "." + fraction);
            }
            case "enum" -> {
                int index = ((Number) v).intValue();
                return index == 0 ? "" : labels().get(index - 1);
            }
            case "set" -> {
                long mask = ((Number) v).longValue();
                List<String> labels = labels(), chosen = new ArrayList<>();
                for (int i = 0; i < labels.size(); i++) if ((mask & (1L << i)) != 0) chosen.add(labels.get(i));
                return String.join(",", chosen);
            }
            case "bit" -> {
                BitSet bits = (BitSet) v;
                int width = (int) Math.max(1, bitWidth());
                if (width == 1) return bits.get(0) ? "true" : "false";
                byte[] out = new byte[(width + 7) / 8];
                for (int i = bits.nextSetBit(0); i >= 0; i = bits.nextSetBit(i + 1)) out[out.length - 1 - i / 8] |= (byte) (1 << (i % 8));
                return SqlValues.hex(out);
            }
            case "binary" -> {
                byte[] b = (byte[]) v;
                byte[] padded = new byte[(int) Math.max(b.length, octetLength)];
                System.arraycopy(b, 0, padded, 0, b.length);
                return SqlValues.hex(padded);
            }
            case "varbinary", "tinyblob", "blob", "mediumblob", "longblob" -> {
                return SqlValues.hex((byte[]) v);
            }
            case "uuid" -> {
                byte[] b = (byte[]) v;
                byte[] full = new byte[16];
                System.arraycopy(b, 0, full, 0, Math.min(16, b.length));
                String h = java.util.HexFormat.of().formatHex(full);
                return h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-" + h.substring(16, 20) + "-" + h.substring(20);
            }
            case "json" -> {
                if (v instanceof byte[] b) {
                    try {
                        return com.github.shyiko.mysql.binlog.event.deserialization.json.JsonBinary.parseAsString(b);
                    } catch (java.io.IOException e) {
                        return new String(b, StandardCharsets.UTF_8);
                    }
                }
                return v.toString();
            }
            default -> {
                if (v instanceof byte[] b) return new String(b, javaCharset());
                if (v instanceof BigDecimal d) return d.toPlainString();
                if (v instanceof BigInteger i) return i.toString();
                return v.toString();
            }
        }
    }

    /**
     * A DATE or DATETIME's fields: the library turns them into microseconds with java.util's calendar,
     * Julian before 1582-10-15, so the same calendar gives them back.
     */
    private static LocalDateTime wallClock(long micros) {
        java.util.GregorianCalendar c = new java.util.GregorianCalendar(java.util.TimeZone.getTimeZone("UTC"), Locale.ROOT);
        c.setTimeInMillis(Math.floorDiv(micros, 1000));
        return LocalDateTime.of(c.get(java.util.Calendar.YEAR), c.get(java.util.Calendar.MONTH) + 1, c.get(java.util.Calendar.DAY_OF_MONTH),
                c.get(java.util.Calendar.HOUR_OF_DAY), c.get(java.util.Calendar.MINUTE), c.get(java.util.Calendar.SECOND),
                (int) Math.floorMod(micros, 1_000_000) * 1000);
    }

    private static long micros(Serializable v) {
        long m = ((Number) v).longValue();
        if (m == Long.MIN_VALUE) throw new IllegalArgumentException("a zero or invalid date");
        return m;
    }

    private long bitWidth() {
        Matcher m = Pattern.compile("bit\\((\\d+)\\)").matcher(columnType.toLowerCase(Locale.ROOT));
        return m.find() ? Long.parseLong(m.group(1)) : 1;
    }

    private List<String> labels() {
        List<String> labels = new ArrayList<>();
        String list = columnType.substring(columnType.indexOf('(') + 1, columnType.lastIndexOf(')'));
        Matcher m = LABEL.matcher(list);
        while (m.find()) labels.add(m.group(1).replace("''", "'"));
        return labels;
    }

    /** MariaDB/MySQL character set names as Java charsets (their latin1 is Windows-1252). */
    private Charset javaCharset() {
        String c = charset == null ? "utf8mb4" : charset.toLowerCase(Locale.ROOT);
        return switch (c) {
            case "latin1" -> Charset.forName("windows-1252");
            case "ascii" -> StandardCharsets.US_ASCII;
            case "ucs2", "utf16" -> StandardCharsets.UTF_16BE;
            case "utf16le" -> StandardCharsets.UTF_16LE;
            case "utf32" -> Charset.forName("UTF-32BE");
            case "latin2" -> Charset.forName("ISO-8859-2");
            case "cp1251" -> Charset.forName("windows-1251");
            case "binary" -> StandardCharsets.ISO_8859_1;
            default -> StandardCharsets.UTF_8; // utf8, utf8mb3, utf8mb4
        };
    }
}
