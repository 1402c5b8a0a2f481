package io.basalt.junit5;

/** What the extension does between tests. */
public enum Cleanup {
    /**
     * After each test every table of the region us-east-1 (the injected clients' region) is deleted, and
     * before each test the set-up tables are created again: every test starts from the same tables,
     * empty but for the set-up items.
     */
    DROP_TABLES,
    /** Nothing: the set-up tables are created once, before the class's first test, and what tests write stays. */
    NONE
}
