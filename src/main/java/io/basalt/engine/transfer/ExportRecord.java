package io.basalt.engine.transfer;

/**
 * One export as DescribeExport and ListExports report it.
 *
 * @param id the ARN's last part (14-digit start millis, '-', 8 hex digits): the ExportId of the file layout
 * @param sseAlgorithm the request's S3SseAlgorithm (AES256 or KMS), null when it gave none
 * @param sseKmsKeyId the request's S3SseKmsKeyId (only with KMS), null for the AWS-managed key
 * @param status IN_PROGRESS, COMPLETED or FAILED
 * @param exportMillis the moment exported (epoch millis)
 * @param manifestKey the key of manifest-summary.json in the bucket
 * @param fromMillis an incremental export's ExportFromTime (0 for a full export)
 * @param toMillis an incremental export's ExportToTime (0 for a full export)
 * @param viewType an incremental export's ExportViewType (null for a full export)
 */
public record ExportRecord(String arn, String id, String account, String tableArn, String tableId, String clientToken,
                           String bucket, String bucketOwner, String prefix, String sseAlgorithm, String sseKmsKeyId, String format,
                           String type, String status, long startMillis, long endMillis, long exportMillis,
                           String manifestKey, long itemCount, long billedSizeBytes, String failureCode,
                           String failureMessage, long fromMillis, long toMillis, String viewType) implements Transfer {
    public static final String IN_PROGRESS = "IN_PROGRESS";
    public static final String COMPLETED = "COMPLETED";
    public static final String FAILED = "FAILED";

    /** S3SseAlgorithm as DescribeExport reports it: AES256 when the request gave none (the service's default). */
    public String effectiveSseAlgorithm() {
        return sseAlgorithm == null ? "AES256" : sseAlgorithm;
    }

    public boolean incremental() {
        return viewType != null;
    }

    public ExportRecord completed(long endMillis, long itemCount, long billedSizeBytes) {
        return new ExportRecord(arn, id, account, tableArn, tableId, clientToken, bucket, bucketOwner, prefix, sseAlgorithm,
                sseKmsKeyId, format, type, COMPLETED, startMillis, endMillis, exportMillis, manifestKey, itemCount, billedSizeBytes, null, null,
                fromMillis, toMillis, viewType);
    }

    public ExportRecord failed(long endMillis, String code, String message) {
        return new ExportRecord(arn, id, account, tableArn, tableId, clientToken, bucket, bucketOwner, prefix, sseAlgorithm,
                sseKmsKeyId, format, type, FAILED, startMillis, endMillis, exportMillis, manifestKey, 0, 0, code, message,
                fromMillis, toMillis, viewType);
    }
}
