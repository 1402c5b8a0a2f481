package io.basalt.migrate.source;

import io.basalt.model.AttributeValue;
import io.basalt.model.DNumber;
import io.basalt.model.NumberFormatError;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
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
                         String dynamoType, String note) {
        /** How its values are read, matched and bound ({@link SqlValues}). */
        public SqlValues.Kind kind() {
            return SqlValues.Kind.of(sqlType, typeName, precision);
        }
    }

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
                case Types.DATE -> dynamo = t.startsWith("year") ? "N" : timeFormat == TimeFormat.ISO ? "S" : "N";
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
                case Types.TIME, Types.TIME_WITH_TIMEZONE, Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE ->
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
        switch (c.dynamoType()) {
            case "M" -> {
                Object o = rs.getObject(index);
                return o == null ? null : JsonValues.parse(o.toString());
            }
            case "L" -> {
                Object o = rs.getObject(index);
                if (o == null) return null;
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
                if (c.kind() == SqlValues.Kind.TEXT) {
                    Object o = rs.getObject(index);
                    if (o == null) return null;
                    if (o instanceof Clob clob) return fromCanonical(c, clob.getSubString(1, (int) clob.length()));
                    if (o instanceof byte[] bytes) return fromCanonical(c, new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
                    return fromCanonical(c, rs.getString(index));
                }
                return fromCanonical(c, SqlValues.read(rs, index, c.kind()));
            }
        }
    }

    /**
     * The attribute value of a scalar column's canonical text ({@link SqlValues}), as {@link #value}
     * gives it for the same value read over JDBC: replicate turns the keys of changed rows into item
     * keys with it. Dates and times in ISO form with as many fractional digits as the column's scale
     * (a fixed number, so keys sort as time does); timestamps without a zone keep their wall-clock
     * time (written with Z, whatever the JVM's zone), with one are converted to UTC.
     */
    public AttributeValue fromCanonical(Column c, String canonical) {
        if (canonical == null) return null;
        SqlValues.Kind kind = c.kind();
        switch (c.dynamoType()) {
            case "BOOL" -> {
                return AttributeValue.Bool.of(Boolean.parseBoolean(SqlValues.canonical(SqlValues.Kind.BOOLEAN, canonical)));
            }
            case "N" -> {
                if (kind == SqlValues.Kind.DATE || kind == SqlValues.Kind.LOCAL_TIMESTAMP || kind == SqlValues.Kind.INSTANT) {
                    return number(BigDecimal.valueOf(SqlValues.epochSeconds(kind, canonical)));
                }
                if (kind == SqlValues.Kind.BOOLEAN) return number(Boolean.parseBoolean(canonical) ? BigDecimal.ONE : BigDecimal.ZERO);
                if (kind == SqlValues.Kind.FLOAT && !canonical.matches("[-+0-9.eE]+")) return new AttributeValue.S(canonical); // NaN, infinities
                return number(new BigDecimal(canonical));
            }
            case "B" -> {
                if (kind == SqlValues.Kind.BOOLEAN) return new AttributeValue.B(new byte[] {(byte) (Boolean.parseBoolean(canonical) ? 1 : 0)});
                return new AttributeValue.B((byte[]) SqlValues.value(SqlValues.Kind.BINARY, SqlValues.canonical(SqlValues.Kind.BINARY, canonical)));
            }
            default -> {
                return switch (kind) {
                    case DATE, TIME, LOCAL_TIMESTAMP, INSTANT -> new AttributeValue.S(SqlValues.iso(kind, canonical, fractionDigits(c)));
                    default -> new AttributeValue.S(canonical);
                };
            }
        }
    }

    /** The fractional digits of a time column's values: its scale (PostgreSQL reports 6 without a declared precision). */
    private static int fractionDigits(Column c) {
        return c.scale() > 0 && c.scale() <= 9 ? c.scale() : 0;
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
