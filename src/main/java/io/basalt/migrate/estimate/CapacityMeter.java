package io.basalt.migrate.estimate;

import io.basalt.migrate.model.Model.Operation;
import io.basalt.migrate.model.Size;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * DynamoDB's capacity arithmetic for one request. Reads: 4 KB units; a single-item read
 * (GetItem, each item of BatchGetItem) rounds its own item up, a Query or Scan rounds the sum of the
 * items it reads; eventually consistent reads cost half; transactional reads and writes cost double.
 * Writes: 1 KB units, each item rounded up.
 */
public final class CapacityMeter {
    public static final BigDecimal READ_UNIT = BigDecimal.valueOf(4096);
    public static final BigDecimal WRITE_UNIT = BigDecimal.valueOf(1024);
    private static final BigDecimal HALF = new BigDecimal("0.5");
    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    private CapacityMeter() {}

    public static BigDecimal units(BigDecimal bytes, BigDecimal unit) {
        BigDecimal u = bytes.divide(unit, 0, RoundingMode.CEILING);
        return u.signum() == 0 ? BigDecimal.ONE : u; // an empty read or write still costs one unit
    }

    /** Read capacity units one request consumes. */
    public static BigDecimal readUnits(Operation op, Size itemSize, BigDecimal items, boolean strong) {
        BigDecimal perItem = units(itemSize.bytes(), READ_UNIT);
        BigDecimal u = switch (op) {
            case GetItem -> perItem;
            case Query, Scan -> units(itemSize.bytes().multiply(items), READ_UNIT);
            case BatchGetItem -> perItem.multiply(items);
            case TransactGetItems -> perItem.multiply(items).multiply(TWO);
            default -> throw new IllegalArgumentException(op + " is not a read");
        };
        return strong || op == Operation.TransactGetItems ? u : u.multiply(HALF);
    }

    /** Write capacity units one request consumes on the table. */
    public static BigDecimal writeUnits(Operation op, Size itemSize, BigDecimal items) {
        BigDecimal u = units(itemSize.bytes(), WRITE_UNIT).multiply(items);
        return op == Operation.TransactWriteItems ? u.multiply(TWO) : u;
    }
}
