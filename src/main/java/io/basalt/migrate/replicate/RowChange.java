package io.basalt.migrate.replicate;

import java.util.Map;

/**
 * One row changed in the source, as the change stream saw it: the table, and the row's column
 * values as text (lower-case column names; a NULL is a null value). {@code before} is the old row
 * or its old key (PostgreSQL sends the REPLICA IDENTITY columns, only when the key changed on an
 * update), null when the stream has none; {@code after} is null for a delete.
 */
public record RowChange(String table, Kind kind, Map<String, String> before, Map<String, String> after) {
    public enum Kind { INSERT, UPDATE, DELETE }
}
