package io.basalt.api.transfer;

import io.basalt.engine.backup.ContinuousBackups;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The window of an INCREMENTAL_EXPORT, checked as the Developer Guide states the rules: ExportFromTime
 * is required, ExportToTime defaults to the latest restorable time, ExportTime may not be given,
 * the window lasts at least 15 minutes and at most 24 hours and lies inside the table's PITR window.
 * The messages' texts are Basalt's (no public capture of the service's was found).
 */
final class IncrementalWindow {
    private IncrementalWindow() {}

    /** @return {from, to} in epoch millis */
    static long[] check(ContinuousBackups pitr, TableCatalog.Entry table, Instant exportTime, Instant from, Instant to) {
        if (exportTime != null) {
            throw DynamoException.validation("ExportTime is not used by an INCREMENTAL_EXPORT: give IncrementalExportSpecification's "
                    + "ExportFromTime and ExportToTime instead");
        }
        if (from == null) {
            throw DynamoException.validation("IncrementalExportSpecification.ExportFromTime is required for an INCREMENTAL_EXPORT");
        }
        ContinuousBackups.Status s = pitr.status(table);
        if (!s.enabled()) {
            throw new DynamoException(ErrorType.POINT_IN_TIME_RECOVERY_UNAVAILABLE,
                    "Point in time recovery is not enabled for table '" + table.definition().name() + "'");
        }
        long f = from.toEpochMilli();
        long t = to == null ? s.latestMillis() : to.toEpochMilli();
        if (t <= f) throw DynamoException.validation("ExportToTime must be later than ExportFromTime");
        if (t - f < ExportTableToPointInTime.MIN_WINDOW_MILLIS) {
            throw DynamoException.validation("The time between ExportFromTime and ExportToTime must be at least 15 minutes");
        }
        if (t - f > ExportTableToPointInTime.MAX_WINDOW_MILLIS) {
            throw DynamoException.validation("The time between ExportFromTime and ExportToTime must be at most 24 hours");
        }
        if (f < s.earliestMillis() || t > s.latestMillis()) {
            throw new DynamoException(ErrorType.INVALID_EXPORT_TIME, "ExportFromTime '" + second(f) + "' and ExportToTime '" + second(t)
                    + "' must be within EarliestRestorableDateTime '" + second(s.earliestMillis())
                    + "' and LatestRestorableDateTime '" + second(s.latestMillis()) + "'");
        }
        return new long[] {f, t};
    }

    private static String second(long millis) {
        return Instant.ofEpochMilli(millis).truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
