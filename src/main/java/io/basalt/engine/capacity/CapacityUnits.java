package io.basalt.engine.capacity;

/**
 * Capacity unit arithmetic as the service meters it: a read unit covers 4 KB (half a unit for an
 * eventually consistent read, two for a transactional one), a write unit 1 KB (two when
 * transactional); sizes round up, and every request costs at least one unit's worth.
 */
public final class CapacityUnits {
    public static final int READ_UNIT_BYTES = 4096;
    public static final int WRITE_UNIT_BYTES = 1024;

    private CapacityUnits() {}

    /** Read units for {@code bytes} read in one request (Query/Scan pass the summed size of a page). */
    public static double read(long bytes, boolean consistent) {
        long units = Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
        return consistent ? units : units / 2.0;
    }

    public static double transactionalRead(long bytes) {
        return 2.0 * Math.max(1, (bytes + READ_UNIT_BYTES - 1) / READ_UNIT_BYTES);
    }

    /** Write units for a write whose larger item image (old or new) has {@code bytes}. */
    public static double write(long bytes) {
        return Math.max(1, (bytes + WRITE_UNIT_BYTES - 1) / WRITE_UNIT_BYTES);
    }

    public static double transactionalWrite(long bytes) {
        return 2.0 * write(bytes);
    }
}
