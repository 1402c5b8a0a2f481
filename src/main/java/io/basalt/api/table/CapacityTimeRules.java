package io.basalt.api.table;

import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The service's time limits on capacity changes, applied when the server runs with them on
 * (off by default, so tests are not stuck for a day): a switch to on-demand at most once in 24
 * hours; four throughput decreases per UTC day, then one per hour.
 */
final class CapacityTimeRules {
    static final double DAY = 86_400;
    static final double HOUR = 3_600;
    static final int FREE_DECREASES = 4;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss zzz yyyy", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private CapacityTimeRules() {}

    static void check(TableDefinition before, TableDefinition after, double now) {
        if (!before.payPerRequest() && after.payPerRequest() && before.lastUpdateToPayPerRequest() > 0
                && now - before.lastUpdateToPayPerRequest() < DAY) {
            double last = before.lastUpdateToPayPerRequest();
            throw limit("Subscriber limit exceeded: Update to PayPerRequest mode are limited to once in 1 day(s). Last update at "
                    + when(last) + ". Next update can be made at " + when(last + DAY));
        }
        Throughput b = before.throughput(), a = after.throughput();
        boolean decrease = !before.payPerRequest() && !after.payPerRequest()
                && (a.readCapacityUnits() < b.readCapacityUnits() || a.writeCapacityUnits() < b.writeCapacityUnits());
        if (!decrease) return;
        int today = Throughput.sameUtcDay(b.lastDecrease(), now) ? b.decreasesToday() : 0;
        if (today >= FREE_DECREASES && now - b.lastDecrease() < HOUR) {
            throw limit("Subscriber limit exceeded: Provisioned throughput decreases are limited within a given UTC day. After the first "
                    + FREE_DECREASES + " decreases, each subsequent decrease in the same UTC day can be performed at most once every 3600 seconds. "
                    + "Number of decreases today: " + today + ". Last decrease at " + when(b.lastDecrease())
                    + ". Next decrease can be made at " + when(b.lastDecrease() + HOUR));
        }
    }

    private static String when(double epochSeconds) {
        return WHEN.format(Instant.ofEpochMilli((long) (epochSeconds * 1000)));
    }

    private static DynamoException limit(String message) {
        return new DynamoException(ErrorType.LIMIT_EXCEEDED, message);
    }
}
