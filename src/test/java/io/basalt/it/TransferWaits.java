package io.basalt.it;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ExportDescription;
import software.amazon.awssdk.services.dynamodb.model.ImportTableDescription;

/** Exports and imports run in the background: their descriptions once they have ended (polled, as clients do). */
public final class TransferWaits {
    private static final long TIMEOUT_MILLIS = 30 * 60_000L;

    private TransferWaits() {}

    public static ExportDescription export(DynamoDbClient c, String arn) throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (true) {
            ExportDescription d = c.describeExport(b -> b.exportArn(arn)).exportDescription();
            if (!"IN_PROGRESS".equals(d.exportStatusAsString())) return d;
            if (System.currentTimeMillis() > deadline) throw new AssertionError("export still IN_PROGRESS: " + arn);
            Thread.sleep(20);
        }
    }

    public static ImportTableDescription importDone(DynamoDbClient c, String arn) throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (true) {
            ImportTableDescription d = c.describeImport(b -> b.importArn(arn)).importTableDescription();
            if (!"IN_PROGRESS".equals(d.importStatusAsString())) return d;
            if (System.currentTimeMillis() > deadline) throw new AssertionError("import still IN_PROGRESS: " + arn);
            Thread.sleep(20);
        }
    }
}
