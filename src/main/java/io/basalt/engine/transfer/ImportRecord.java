package io.basalt.engine.transfer;

/**
 * One import as DescribeImport and ListImports report it.
 *
 * @param status IN_PROGRESS, COMPLETED or FAILED
 * @param errorCount lines that could not be imported (unparsable, or without the table's key)
 */
public record ImportRecord(String arn, String account, String tableArn, String tableId, String clientToken, String bucket,
                           String keyPrefix, String bucketOwner, String format, String compression, String csvDelimiter,
                           java.util.List<String> csvHeader, String status, long startMillis, long endMillis,
                           long processedBytes, long processedItems, long importedItems, long errorCount,
                           String failureCode, String failureMessage) implements Transfer {
    public static final String IN_PROGRESS = "IN_PROGRESS";
    public static final String COMPLETED = "COMPLETED";
    public static final String FAILED = "FAILED";

    public ImportRecord finished(String status, long endMillis, long processedBytes, long processedItems, long importedItems,
                                 long errorCount, String failureCode, String failureMessage) {
        return new ImportRecord(arn, account, tableArn, tableId, clientToken, bucket, keyPrefix, bucketOwner, format, compression,
                csvDelimiter, csvHeader, status, startMillis, endMillis, processedBytes, processedItems, importedItems, errorCount,
                failureCode, failureMessage);
    }
}
