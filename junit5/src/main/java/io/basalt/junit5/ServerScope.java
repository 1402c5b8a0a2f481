package io.basalt.junit5;

/** How long one Basalt server of the extension lives. */
public enum ServerScope {
    /**
     * One server for every test class of the JVM that asks for the same storage and capacity settings:
     * started by the first, closed when the JVM's test run ends. Classes sharing it should not run in parallel
     * with {@link Cleanup#DROP_TABLES} (one class's clean-up would drop the other's tables).
     */
    JVM,
    /** A server of the test class's own, closed after its last test. */
    CLASS
}
