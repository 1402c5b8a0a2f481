package io.basalt.api.transact;

import io.basalt.engine.Engine;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.Throttled;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.model.AttributeValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;

/**
 * Admission of a transaction's items. A throttled item cancels the whole transaction, with the
 * service's reason for that item: ProvisionedThroughputExceeded on provisioned tables,
 * ThrottlingError on on-demand ones.
 */
public final class TransactionThrottling {
    private TransactionThrottling() {}

    /** The partition of each item (null entries when capacity is off); throws TransactionCanceled when any is throttled. */
    public static Partition[] admit(Engine engine, String region, int n, IntFunction<TableCatalog.Entry> table,
                             IntFunction<Map<String, AttributeValue>> key, IntPredicate write) {
        Partition[] parts = new Partition[n];
        List<TransactionCanceled.Reason> reasons = null;
        for (int i = 0; i < n; i++) {
            TableCatalog.Entry t = table.apply(i);
            TableCapacity cap = engine.capacity().of(t);
            if (cap == null) continue;
            Map<String, AttributeValue> k = key.apply(i);
            try {
                parts[i] = write.test(i) ? cap.admitWrite(region, k, null) : cap.admitRead(region, k);
            } catch (Throttled e) {
                if (reasons == null) {
                    reasons = new ArrayList<>();
                    for (int j = 0; j < n; j++) reasons.add(TransactionCanceled.Reason.NONE);
                }
                reasons.set(i, new TransactionCanceled.Reason(e.provisioned() ? "ProvisionedThroughputExceeded" : "ThrottlingError",
                        e.getMessage(), null));
            }
        }
        if (reasons != null) throw new TransactionCanceled(reasons);
        return parts;
    }
}
