package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.transfer.ImportRecord;
import java.io.IOException;

/** ImportTableDescription and ImportSummary. */
final class ImportJson {
    private ImportJson() {}

    static void description(JsonGenerator g, ImportRecord r, String status) throws IOException {
        g.writeObjectFieldStart("ImportTableDescription");
        g.writeStringField("ImportArn", r.arn());
        g.writeStringField("ImportStatus", status);
        g.writeStringField("TableArn", r.tableArn());
        g.writeStringField("TableId", r.tableId());
        if (r.clientToken() != null) g.writeStringField("ClientToken", r.clientToken());
        g.writeStringField("CloudWatchLogGroupArn", logGroupArn(r));
        source(g, r);
        g.writeNumberField("ErrorCount", status.equals(ImportRecord.IN_PROGRESS) ? 0 : r.errorCount());
        g.writeStringField("InputFormat", r.format());
        if (r.csvDelimiter() != null || r.csvHeader() != null) {
            g.writeObjectFieldStart("InputFormatOptions");
            g.writeObjectFieldStart("Csv");
            if (r.csvDelimiter() != null) g.writeStringField("Delimiter", r.csvDelimiter());
            if (r.csvHeader() != null) {
                g.writeArrayFieldStart("HeaderList");
                for (String h : r.csvHeader()) g.writeString(h);
                g.writeEndArray();
            }
            g.writeEndObject();
            g.writeEndObject();
        }
        g.writeStringField("InputCompressionType", r.compression());
        g.writeNumberField("StartTime", r.startMillis() / 1000.0);
        if (!status.equals(ImportRecord.IN_PROGRESS)) {
            g.writeNumberField("EndTime", r.endMillis() / 1000.0);
            g.writeNumberField("ProcessedSizeBytes", r.processedBytes());
            g.writeNumberField("ProcessedItemCount", r.processedItems());
            g.writeNumberField("ImportedItemCount", r.importedItems());
            if (r.failureCode() != null) {
                g.writeStringField("FailureCode", r.failureCode());
                g.writeStringField("FailureMessage", r.failureMessage());
            }
        }
        g.writeEndObject();
    }

    /** The log group the service names; Basalt writes its records into the source bucket (ImportErrorLog). */
    static String logGroupArn(ImportRecord r) {
        String[] arn = r.tableArn().split(":", 6);
        return "arn:aws:logs:" + arn[3] + ":" + arn[4] + ":log-group:" + ImportErrorLog.LOG_GROUP + ":*";
    }

    private static void source(JsonGenerator g, ImportRecord r) throws IOException {
        g.writeObjectFieldStart("S3BucketSource");
        g.writeStringField("S3Bucket", r.bucket());
        if (r.keyPrefix() != null) g.writeStringField("S3KeyPrefix", r.keyPrefix());
        if (r.bucketOwner() != null) g.writeStringField("S3BucketOwner", r.bucketOwner());
        g.writeEndObject();
    }

    static void summary(JsonGenerator g, ImportRecord r) throws IOException {
        g.writeStartObject();
        g.writeStringField("ImportArn", r.arn());
        g.writeStringField("ImportStatus", r.status());
        g.writeStringField("TableArn", r.tableArn());
        source(g, r);
        g.writeStringField("CloudWatchLogGroupArn", logGroupArn(r));
        g.writeStringField("InputFormat", r.format());
        g.writeNumberField("StartTime", r.startMillis() / 1000.0);
        g.writeNumberField("EndTime", r.endMillis() / 1000.0);
        g.writeEndObject();
    }
}
