package io.basalt.migrate.source;

import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.NumberFormatError;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a SQL column becomes a DynamoDB attribute: numbers → N (at most 38 significant digits),
 * text → S, binary → B, booleans → BOOL, dates and timestamps → S (ISO-8601) or N (epoch seconds)
 * per {@link TimeFormat}, JSON → M (objects) or S per {@link #jsonAsMap}, arrays → L, others → S.
 */
public final class ColumnMapping {
    public enum TimeFormat { ISO, EPOCH }

    /** One column's mapping and what the metadata says about it. */
    public record Column(String name, int sqlType, String typeName, int precision, int scale, boolean nullable,
                         String dynamoType, String note) {}

    private final TimeFormat timeFormat;
    private final boolean jsonAsMap;

    public ColumnMapping(TimeFormat timeFormat, boolean jsonAsMap) {
        this.timeFormat = timeFormat;
        this.jsonAsMap = jsonAsMap;
    }

    public Column column(String name, int sqlType, String typeName, int precision, int scale, boolean nullable) {
        String t = typeName == null ? "" : typeName.toLowerCase(Locale.ROOT);
        String dynamo, note = null;
        if (t.equals("json") || t.equals("jsonb")) {
            dynamo = jsonAsMap ? "M" : "S";
        } else {
            switch (sqlType) {
                case Types.BOOLEAN -> dynamo = "BOOL";
                case Types.BIT -> dynamo = precision > 1 ? "B" : "BOOL";
                case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> dynamo = "N";
                case Types.REAL, Types.FLOAT, Types.DOUBLE -> {
                    dynamo = "N";
                    note = "floating point: NaN and infinities have no N form";
                }
                case Types.NUMERIC, Types.DECIMAL -> {
                    dynamo = "N";
                    if (precision <= 0 || precision > 38) {
                        note = precision <= 0 || precision > 1000 ? "unbounded precision: values over 38 digits would be rejected"
                                : "precision " + precision + " > 38 digits: larger values would be rejected";
                    }
                }
                case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> dynamo = "B";
                case Types.DATE, Types.TIME, Types.TIME_WITH_TIMEZONE, Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE ->
                        dynamo = timeFormat == TimeFormat.ISO || sqlType == Types.TIME || sqlType == Types.TIME_WITH_TIMEZONE ? "S" : "N";
                case Types.ARRAY -> dynamo = "L";
                case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.LONGNVARCHAR,
                     Types.CLOB, Types.NCLOB -> dynamo = "S";
                default -> {
                    dynamo = "S";
                    note = "type " + typeName + " kept as its text";
                }
            }
        }
        return new Column(name, sqlType, typeName, precision, scale, nullable, dynamo, note);
    }

    /** The attribute value of a column of the current row, or null when SQL NULL (the attribute is left out). */
    public AttributeValue value(ResultSet rs, int index, Column c) throws SQLException {
        Object o = rs.getObject(index);
        if (o == null) return null;
        switch (c.dynamoType()) {
            case "BOOL" -> {
                return AttributeValue.Bool.of(rs.getBoolean(index));
            }
            case "N" -> {
                if (o instanceof Timestamp ts) return number(BigDecimal.valueOf(ts.toInstant().getEpochSecond()));
                if (o instanceof java.sql.Date d) return number(BigDecimal.valueOf(d.toLocalDate().atStartOfDay(ZoneOffset.UTC).toEpochSecond()));
                if (o instanceof java.time.temporal.Temporal) return number(BigDecimal.valueOf(epoch(o)));
                if (o instanceof Double d) return Double.isFinite(d) ? number(new BigDecimal(Double.toString(d))) : new AttributeValue.S(d.toString());
                if (o instanceof Float f) return Float.isFinite(f) ? number(new BigDecimal(Float.toString(f))) : new AttributeValue.S(f.toString());
                return number(new BigDecimal(o.toString()));
            }
            case "B" -> {
                if (o instanceof Blob b) return new AttributeValue.B(b.getBytes(1, (int) b.length()));
                if (o instanceof Boolean bool) return new AttributeValue.B(new byte[] {(byte) (bool ? 1 : 0)});
                return new AttributeValue.B(rs.getBytes(index));
            }
            case "M" -> {
                return JsonValues.parse(o.toString());
            }
            case "L" -> {
                List<AttributeValue> list = new ArrayList<>();
                if (o instanceof Array a) {
                    for (Object x : (Object[]) a.getArray()) {
                        list.add(x == null ? AttributeValue.Null.INSTANCE
                                : x instanceof Number n ? number(new BigDecimal(n.toString())) : new AttributeValue.S(x.toString()));
                    }
                }
                return new AttributeValue.L(list);
            }
            default -> {
                if (o instanceof Timestamp ts) return new AttributeValue.S(ts.toInstant().toString());
                if (o instanceof java.sql.Date d) return new AttributeValue.S(d.toLocalDate().toString());
                if (o instanceof Clob clob) return new AttributeValue.S(clob.getSubString(1, (int) clob.length()));
                if (o instanceof byte[] bytes) return new AttributeValue.S(new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
                return new AttributeValue.S(o.toString());
            }
        }
    }

    private static long epoch(Object temporal) {
        return switch (temporal) {
            case java.time.LocalDateTime t -> t.toEpochSecond(ZoneOffset.UTC);
            case java.time.OffsetDateTime t -> t.toEpochSecond();
            case LocalDate d -> d.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
            case Instant i -> i.getEpochSecond();
            default -> throw new IllegalArgumentException("no epoch for " + temporal.getClass().getSimpleName());
        };
    }

    /** A number as N; one beyond DynamoDB's 38 digits or range stays out of range (counted by the analysis). */
    private static AttributeValue number(BigDecimal d) {
        try {
            return new AttributeValue.N(DNumber.of(d));
        } catch (NumberFormatError e) {
            throw new OutOfRange(d);
        }
    }

    /** A number DynamoDB would reject (over 38 significant digits or out of range). */
    public static final class OutOfRange extends RuntimeException {
        public final BigDecimal value;

        OutOfRange(BigDecimal value) {
            super(null, null, false, false);
            this.value = value;
        }
    }
}
