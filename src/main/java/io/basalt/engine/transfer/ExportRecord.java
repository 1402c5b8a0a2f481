package io.basalt.engine.transfer;

/**
 * One export as DescribeExport and ListExports report it.
 *
 * @param id the ARN's last part (14-digit start millis, '-', 8 hex digits): the ExportId of the file layout
 * @param status IN_PROGRESS, COMPLETED or FAILED
 * @param exportMillis the moment exported (epoch millis)
 * @param manifestKey the key of manifest-summary.json in the bucket
 */
public record ExportRecord(String arn, String id, String account, String tableArn, String tableId, String clientToken,
                           String bucket, String bucketOwner, String prefix, String sseAlgorithm, String format,
                           String type, String status, long startMillis, long endMillis, long exportMillis,
                           String manifestKey, long itemCount, long billedSizeBytes, String failureCode,
                           String failureMessage) implements Transfer {
    public static final String IN_PROGRESS = "IN_PROGRESS";
    public static final String COMPLETED = "COMPLETED";
    public static final String FAILED = "FAILED";

    public ExportRecord completed(long endMillis, long itemCount, long billedSizeBytes) {
        return new ExportRecord(arn, id, account, tableArn, tableId, clientToken, bucket, bucketOwner, prefix, sseAlgorithm,
                format, type, COMPLETED, startMillis, endMillis, exportMillis, manifestKey, itemCount, billedSizeBytes, null, null);
    }

    public ExportRecord failed(long endMillis, String code, String message) {
        return new ExportRecord(arn, id, account, tableArn, tableId, clientToken, bucket, bucketOwner, prefix, sseAlgorithm,
                format, type, FAILED, startMillis, endMillis, exportMillis, manifestKey, 0, 0, code, message);
    }
}
