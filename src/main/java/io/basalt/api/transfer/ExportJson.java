package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.transfer.ExportRecord;
import java.io.IOException;

/** ExportDescription and ExportSummary. */
final class ExportJson {
    private ExportJson() {}

    static void description(JsonGenerator g, ExportRecord e, String status) throws IOException {
        g.writeObjectFieldStart("ExportDescription");
        g.writeStringField("ExportArn", e.arn());
        g.writeStringField("ExportStatus", status);
        g.writeNumberField("StartTime", e.startMillis() / 1000.0);
        if (!status.equals(ExportRecord.IN_PROGRESS)) {
            g.writeNumberField("EndTime", e.endMillis() / 1000.0);
            if (status.equals(ExportRecord.COMPLETED)) g.writeStringField("ExportManifest", e.manifestKey());
        }
        g.writeStringField("TableArn", e.tableArn());
        g.writeStringField("TableId", e.tableId());
        if (!e.incremental()) g.writeNumberField("ExportTime", e.exportMillis() / 1000.0);
        if (e.clientToken() != null) g.writeStringField("ClientToken", e.clientToken());
        g.writeStringField("S3Bucket", e.bucket());
        if (e.bucketOwner() != null) g.writeStringField("S3BucketOwner", e.bucketOwner());
        if (e.prefix() != null) g.writeStringField("S3Prefix", e.prefix());
        // AES256 when the request gave none, the key only when one was given (live, 2026-10-09, DDB-EXPORT-012/-017)
        g.writeStringField("S3SseAlgorithm", e.effectiveSseAlgorithm());
        if (e.sseKmsKeyId() != null) g.writeStringField("S3SseKmsKeyId", e.sseKmsKeyId());
        if (e.failureCode() != null) {
            g.writeStringField("FailureCode", e.failureCode());
            g.writeStringField("FailureMessage", e.failureMessage());
        }
        g.writeStringField("ExportFormat", e.format());
        if (status.equals(ExportRecord.COMPLETED)) {
            g.writeNumberField("BilledSizeBytes", e.billedSizeBytes());
            g.writeNumberField("ItemCount", e.itemCount());
        }
        // the service's description never carries ExportType (live, 2026-10-09, DDB-EXPORT-017); its summary does
        if (e.incremental()) {
            g.writeObjectFieldStart("IncrementalExportSpecification");
            g.writeNumberField("ExportFromTime", e.fromMillis() / 1000.0);
            g.writeNumberField("ExportToTime", e.toMillis() / 1000.0);
            g.writeStringField("ExportViewType", e.viewType());
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    static void summary(JsonGenerator g, ExportRecord e) throws IOException {
        g.writeStartObject();
        g.writeStringField("ExportArn", e.arn());
        g.writeStringField("ExportStatus", e.status());
        g.writeStringField("ExportType", e.type());
        g.writeEndObject();
    }
}
