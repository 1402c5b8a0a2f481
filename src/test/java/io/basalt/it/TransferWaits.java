package io.basalt.it;

import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;

/** Exports and imports run in the background: their descriptions once they have ended (polled, as clients do). */
public final class TransferWaits {
    private static final long TIMEOUT_MILLIS = 30 * 60_000L;

    private TransferWaits() {}

    public static ExportDescription export(DynamoDbClient c, String arn) throws InterruptedException {
        return ended(() -> c.describeExport(b -> b.exportArn(arn)).exportDescription(), ExportDescription::exportStatusAsString, arn);
    }

    public static ImportTableDescription importDone(DynamoDbClient c, String arn) throws InterruptedException {
        return ended(() -> c.describeImport(b -> b.importArn(arn)).importTableDescription(), ImportTableDescription::importStatusAsString, arn);
    }

    private static <D> D ended(Supplier<D> describe, Function<D, String> status, String arn) throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (true) {
            D d = describe.get();
            if (!"IN_PROGRESS".equals(status.apply(d))) return d;
            if (System.currentTimeMillis() > deadline) throw new AssertionError("still IN_PROGRESS: " + arn);
            Thread.sleep(20);
        }
    }
}
