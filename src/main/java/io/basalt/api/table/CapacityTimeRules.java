package io.basalt.api.table;

import io.basalt.engine.catalog.IndexDefinition;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.catalog.Throughput;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The service's decrease budget for provisioned throughput, applied when the server runs with
 * time rules on (off by default, so tests are not stuck for a day): four decreases per UTC day
 * for the table and, separately, for each GSI; then one more 3600 seconds after the last accepted
 * one, until the day ends (ack-api-quirks DDB-TABLE-157/184/326, live 2026-10-08/09). A call that
 * lowers one dimension and raises the other counts as a decrease; a refused call changes nothing,
 * the table's nor its indexes'. The once-per-24-hours limit on switching to on-demand that the
 * documentation states is not applied: the service did not enforce it (DDB-TABLE-183, 2026-10-09).
 */
final class CapacityTimeRules {
    static final double HOUR = 3_600;
    static final double DAY = 86_400;
    static final int FREE_DECREASES = 4;
    /** How the service writes the times in its message, e.g. "Friday, October 9, 2026 at 1:21:34 AM Coordinated Universal Time". */
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("EEEE, MMMM d, yyyy 'at' h:mm:ss a zzzz", Locale.US)
            .withZone(ZoneId.of("UTC"));

    private CapacityTimeRules() {}

    static void check(TableDefinition before, TableDefinition after, double now) {
        if (before.payPerRequest() || after.payPerRequest()) return;
        checkDecrease(before.throughput(), after.throughput(), now);
        for (IndexDefinition i : after.globalIndexes()) {
            IndexDefinition was = before.index(i.name());
            if (was != null && was.global()) checkDecrease(was.throughput(), i.throughput(), now);
        }
    }

    private static void checkDecrease(Throughput b, Throughput a, double now) {
        boolean decrease = a.readCapacityUnits() < b.readCapacityUnits() || a.writeCapacityUnits() < b.writeCapacityUnits();
        if (!decrease) return;
        int today = Throughput.sameUtcDay(b.lastDecrease(), now) ? b.decreasesToday() : 0;
        if (today >= FREE_DECREASES && now - b.lastDecrease() < HOUR) {
            double next = Math.min(b.lastDecrease() + HOUR, (Math.floor(b.lastDecrease() / DAY) + 1) * DAY);
            throw new DynamoException(ErrorType.LIMIT_EXCEEDED, "Subscriber limit exceeded: Provisioned throughput decreases are limited "
                    + "within a given UTC day. After the first " + FREE_DECREASES + " decreases, each subsequent decrease in the same UTC day "
                    + "can be performed at most once every 3600 seconds. Number of decreases today: " + today + ". Last decrease at "
                    + when(b.lastDecrease()) + ". Next decrease can be made at " + when(next));
        }
    }

    static String when(double epochSeconds) {
        return WHEN.format(Instant.ofEpochMilli((long) (epochSeconds * 1000)));
    }
}
