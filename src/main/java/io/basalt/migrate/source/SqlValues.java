package io.basalt.migrate.source;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One canonical text per SQL value of a key column, whichever way the value arrived: read over JDBC
 * by {@code run} and {@code verify}, or sent as text by pgoutput or decoded from the binlog by
 * {@code replicate}. Keys are saved in checkpoints, matched between a change and a re-read, bound
 * back into queries with their own JDBC types (an index on the column stays usable) and turned into
 * attribute values ({@link ColumnMapping#fromCanonical}) through this one form, so every path gives
 * the same item key. Forms: integers and decimals as plain decimal text, floating point as Java's
 * shortest text, binary as {@code \x} + hex, booleans {@code true}/{@code false}, dates
 * {@code 2024-02-29}, times {@code [-]HH:MM:SS[.f]}, timestamps without a zone as ISO local date-times,
 * timestamps with one (PostgreSQL timestamptz, MariaDB/MySQL TIMESTAMP) as UTC instants.
 */
public final class SqlValues {
    private SqlValues() {}

    /** The kinds of values; each stands for the JDBC type it is saved as in a checkpoint. */
    public enum Kind {
        INTEGER(Types.BIGINT), DECIMAL(Types.NUMERIC), FLOAT(Types.DOUBLE), TEXT(Types.VARCHAR), BINARY(Types.VARBINARY),
        BOOLEAN(Types.BOOLEAN), DATE(Types.DATE), TIME(Types.TIME), LOCAL_TIMESTAMP(Types.TIMESTAMP), INSTANT(Types.TIMESTAMP_WITH_TIMEZONE),
        /** MariaDB/MySQL BIT(n), n > 1: bytes like BINARY, compared as the unsigned number they are. */
        BITS(Types.BIT);

        public final int code;

        Kind(int code) {
            this.code = code;
        }

        /** The kind a saved JDBC type code stands for (also codes of older checkpoints: the raw column type). */
        public static Kind ofCode(int sqlType) {
            for (Kind k : values()) if (k.code == sqlType) return k;
            return of(sqlType, null, 0);
        }

        /** The kind of a column from its JDBC metadata. */
        public static Kind of(int sqlType, String typeName, int precision) {
            // MariaDB/MySQL's TIMESTAMP (upper case in their metadata) is stored as an instant; PostgreSQL's "timestamp" has no zone
            if ("TIMESTAMP".equals(typeName)) return INSTANT;
            String t = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
            if (t.equals("timestamptz") || t.equals("timestamp with time zone")) return INSTANT;
            if (t.equals("year") || t.startsWith("year(")) return INTEGER;
            if (t.equals("timetz") || t.equals("time with time zone")) return TEXT;
            return switch (sqlType) {
                case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> INTEGER;
                case Types.NUMERIC, Types.DECIMAL -> DECIMAL;
                case Types.REAL, Types.FLOAT, Types.DOUBLE -> FLOAT;
                case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> BINARY;
                case Types.BIT -> precision > 1 ? BITS : BOOLEAN;
                case Types.BOOLEAN -> BOOLEAN;
                case Types.DATE -> DATE;
                case Types.TIME -> TIME;
                case Types.TIMESTAMP -> LOCAL_TIMESTAMP;
                case Types.TIMESTAMP_WITH_TIMEZONE -> INSTANT;
                case Types.TIME_WITH_TIMEZONE -> TEXT;
                default -> TEXT;
            };
        }

    }

    private static final Pattern TIME = Pattern.compile("(-)?(\\d{1,3}):(\\d{2}):(\\d{2})(?:\\.(\\d{1,9}))?");
    private static final Pattern STAMP = Pattern.compile(
            "(\\d{4,})-(\\d{2})-(\\d{2})[ T](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?\\s*(Z|[+-]\\d{2}(?::?\\d{2}(?::?\\d{2})?)?)?");

    /** The canonical text of column {@code i} of the current row (null for SQL NULL). */
    public static String read(ResultSet rs, int i, Kind kind) throws SQLException {
        switch (kind) {
            case DECIMAL -> {
                BigDecimal d = rs.getBigDecimal(i);
                return d == null ? null : d.toPlainString();
            }
            case FLOAT -> {
                Object o = rs.getObject(i);
                if (o == null) return null;
                return canonical(kind, o instanceof Float || o instanceof Double ? o.toString() : rs.getString(i));
            }
            case BINARY, BITS -> {
                byte[] b = rs.getBytes(i);
                return b == null ? null : hex(b);
            }
            case BOOLEAN -> {
                boolean b = rs.getBoolean(i);
                return rs.wasNull() ? null : Boolean.toString(b);
            }
            case DATE -> {
                Object o = rs.getObject(i);
                if (o == null) return null;
                return o instanceof java.sql.Date d ? d.toLocalDate().toString() : canonical(kind, rs.getString(i));
            }
            case LOCAL_TIMESTAMP -> {
                try {
                    LocalDateTime t = rs.getObject(i, LocalDateTime.class);
                    return t == null ? null : t.toString();
                } catch (SQLException notSupported) { // a driver without java.time: its text
                    return canonical(kind, rs.getString(i));
                }
            }
            default -> {
                String s = rs.getString(i);
                return s == null ? null : canonical(kind, s);
            }
        }
    }

    /**
     * The canonical text of a value's text as JDBC, pgoutput or an older checkpoint wrote it (PostgreSQL's
     * {@code t}/{@code f}, {@code \x} bytea, timestamps with offsets such as {@code +05:30} or
     * {@code +00}); IllegalArgumentException when it is none of this kind's forms.
     */
    public static String canonical(Kind kind, String text) {
        if (text == null) return null;
        try {
            return switch (kind) {
                case INTEGER -> new BigInteger(text.trim()).toString();
                case DECIMAL -> new BigDecimal(text.trim()).toPlainString();
                case FLOAT -> {
                    String t = text.trim();
                    yield t.equalsIgnoreCase("nan") || t.toLowerCase(Locale.ROOT).endsWith("infinity") ? t : Double.toString(Double.parseDouble(t));
                }
                case TEXT -> text;
                case BINARY, BITS -> text.startsWith("\\x") ? "\\x" + HexFormat.of().formatHex(HexFormat.of().parseHex(text.substring(2))) : hex(text.getBytes(
                        java.nio.charset.StandardCharsets.UTF_8));
                case BOOLEAN -> switch (text.trim().toLowerCase(Locale.ROOT)) {
                    case "t", "true", "1", "y", "yes", "on" -> "true";
                    case "f", "false", "0", "n", "no", "off" -> "false";
                    default -> throw new IllegalArgumentException();
                };
                case DATE -> LocalDate.parse(text.trim().length() > 10 ? text.trim().substring(0, 10) : text.trim()).toString();
                case TIME -> time(text.trim());
                case LOCAL_TIMESTAMP -> localTimestamp(text.trim()).toString();
                case INSTANT -> instant(text.trim()).toString();
            };
        } catch (IllegalArgumentException | DateTimeException | ArithmeticException e) {
            throw new IllegalArgumentException("'" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "' is not a "
                    + kind.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " value this tool reads", e);
        }
    }

    private static String time(String text) {
        Matcher m = TIME.matcher(text);
        if (!m.matches()) throw new IllegalArgumentException();
        String fraction = m.group(5) == null ? "" : m.group(5).replaceAll("0+$", "");
        String hours = m.group(2).length() < 2 ? "0" + m.group(2) : m.group(2);
        return (m.group(1) == null ? "" : "-") + hours + ":" + m.group(3) + ":" + m.group(4) + (fraction.isEmpty() ? "" : "." + fraction);
    }

    private static LocalDateTime localTimestamp(String text) {
        Matcher m = STAMP.matcher(text);
        if (!m.matches() || m.group(8) != null) throw new IllegalArgumentException();
        return stamp(m);
    }

    private static LocalDateTime stamp(Matcher m) {
        String f = m.group(7) == null ? "" : m.group(7);
        int nanos = f.isEmpty() ? 0 : Integer.parseInt((f + "000000000").substring(0, 9));
        return LocalDateTime.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)),
                Integer.parseInt(m.group(5)), m.group(6) == null ? 0 : Integer.parseInt(m.group(6)), nanos);
    }

    /** An instant: with its offset (Z, +hh, +hh:mm, +hh:mm:ss), or UTC without one (a MariaDB/MySQL session at +00:00). */
    private static Instant instant(String text) {
        Matcher m = STAMP.matcher(text);
        if (!m.matches()) throw new IllegalArgumentException();
        LocalDateTime local = stamp(m);
        String o = m.group(8);
        ZoneOffset offset = ZoneOffset.UTC;
        if (o != null && !o.equals("Z")) {
            String digits = o.substring(1).replace(":", "");
            int h = Integer.parseInt(digits.substring(0, 2)), min = digits.length() >= 4 ? Integer.parseInt(digits.substring(2, 4)) : 0;
            int s = digits.length() >= 6 ? Integer.parseInt(digits.substring(4, 6)) : 0;
            int sign = o.charAt(0) == '-' ? -1 : 1;
            offset = ZoneOffset.ofHoursMinutesSeconds(sign * h, sign * min, sign * s);
        }
        return local.toInstant(offset);
    }

    public static String hex(byte[] b) {
        return "\\x" + HexFormat.of().formatHex(b);
    }

    /** The value of a canonical text: Long/BigInteger, BigDecimal, Double, String, byte[], Boolean, LocalDate, LocalDateTime, Instant. */
    public static Object value(Kind kind, String canonical) {
        return switch (kind) {
            case INTEGER -> {
                BigInteger i = new BigInteger(canonical);
                yield i.bitLength() < 64 ? (Object) i.longValue() : i;
            }
            case DECIMAL -> new BigDecimal(canonical);
            case FLOAT -> Double.parseDouble(canonical);
            case BINARY, BITS -> HexFormat.of().parseHex(canonical.substring(2));
            case BOOLEAN -> Boolean.parseBoolean(canonical);
            case DATE -> LocalDate.parse(canonical);
            case LOCAL_TIMESTAMP -> LocalDateTime.parse(canonical);
            case INSTANT -> Instant.parse(canonical);
            case TEXT, TIME -> canonical;
        };
    }

    /**
     * Binds a canonical text as its own type: integers as BIGINT, decimals as NUMERIC, timestamps as
     * timestamp / timestamptz, so {@code column = ?} compares in the column's type and can use its index.
     * PostgreSQL text is sent untyped (it takes the column's type: varchar, char(n), uuid, enums alike).
     */
    public static void bind(PreparedStatement ps, int i, Kind kind, String canonical, boolean postgres) throws SQLException {
        if (canonical == null) {
            ps.setNull(i, kind.code);
            return;
        }
        Object v = value(kind, canonical);
        switch (kind) {
            case INTEGER -> {
                if (v instanceof Long l) ps.setLong(i, l);
                else ps.setBigDecimal(i, new BigDecimal((BigInteger) v));
            }
            case DECIMAL -> ps.setBigDecimal(i, (BigDecimal) v);
            case FLOAT -> { // PostgreSQL: a real column compares with the literal as a real (0.1 as float8 is another number)
                if (postgres) ps.setObject(i, canonical, Types.OTHER);
                else ps.setDouble(i, (Double) v);
            }
            case BINARY -> ps.setBytes(i, (byte[]) v);
            case BITS -> ps.setBigDecimal(i, new BigDecimal(new BigInteger(1, (byte[]) v)));
            case BOOLEAN -> ps.setBoolean(i, (Boolean) v);
            case DATE -> ps.setObject(i, v);
            case LOCAL_TIMESTAMP -> ps.setObject(i, v);
            case INSTANT -> {
                if (postgres) ps.setObject(i, ((Instant) v).atOffset(ZoneOffset.UTC));
                else ps.setObject(i, LocalDateTime.ofInstant((Instant) v, ZoneOffset.UTC)); // the session's time_zone is +00:00
            }
            case TEXT, TIME -> {
                if (postgres) ps.setObject(i, canonical, Types.OTHER);
                else ps.setString(i, canonical);
            }
        }
    }

    /** A temporal canonical text in ISO form with exactly {@code digits} fractional digits (0-9), so texts sort as the times do. */
    public static String iso(Kind kind, String canonical, int digits) {
        return switch (kind) {
            case DATE -> canonical;
            case TIME -> {
                int dot = canonical.indexOf('.');
                String whole = dot < 0 ? canonical : canonical.substring(0, dot), f = dot < 0 ? "" : canonical.substring(dot + 1);
                yield whole + fraction(f, digits);
            }
            case LOCAL_TIMESTAMP, INSTANT -> {
                LocalDateTime t = kind == Kind.INSTANT ? LocalDateTime.ofInstant(Instant.parse(canonical), ZoneOffset.UTC) : LocalDateTime.parse(canonical);
                String f = String.format("%09d", t.getNano()).replaceAll("0+$", "");
                yield String.format("%04d-%02d-%02dT%02d:%02d:%02d", t.getYear(), t.getMonthValue(), t.getDayOfMonth(), t.getHour(), t.getMinute(),
                        t.getSecond()) + fraction(f, digits) + "Z";
            }
            default -> canonical;
        };
    }

    /** The fraction padded to {@code digits}; more digits than that are kept (a column without a declared scale). */
    private static String fraction(String f, int digits) {
        int n = Math.max(digits, f.length());
        if (n == 0) return "";
        return "." + (f + "0".repeat(n)).substring(0, n);
    }

    /** Epoch seconds of a date or timestamp canonical text (a zone-less one read as UTC). */
    public static long epochSeconds(Kind kind, String canonical) {
        return switch (kind) {
            case DATE -> LocalDate.parse(canonical).atStartOfDay(ZoneOffset.UTC).toEpochSecond();
            case LOCAL_TIMESTAMP -> LocalDateTime.parse(canonical).toEpochSecond(ZoneOffset.UTC);
            case INSTANT -> Instant.parse(canonical).getEpochSecond();
            default -> throw new IllegalArgumentException("no epoch for a " + kind + " value");
        };
    }

    /** An instant as the canonical text (for sources that decode binary logs). */
    public static String instantText(long epochMicros) {
        return Instant.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000), Math.floorMod(epochMicros, 1_000_000) * 1000L).toString();
    }

    /** A zone-less timestamp given as microseconds since 1970-01-01 00:00 of its own wall clock. */
    public static String localText(long epochMicros) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000), (int) (Math.floorMod(epochMicros, 1_000_000) * 1000L),
                ZoneOffset.UTC).toString();
    }
}
