package io.basalt.engine.backup;

import io.basalt.engine.catalog.TableDefinition;

/**
 * One on-demand backup as the catalog of backups keeps it: what DescribeBackup and ListBackups
 * report, and the source table's definition as it was at the backup's moment.
 *
 * @param id the ARN's last part: 14-digit creation millis, '-', 8 hex digits; names its files
 * @param createdMillis when the backup was requested (epoch millis, from the engine's clock)
 * @param status CREATING, AVAILABLE or DELETED
 * @param type USER (on-demand backups made by CreateBackup) or SYSTEM (made when a table with
 *        point-in-time recovery is deleted; it cannot be deleted and expires after 35 days)
 * @param sizeBytes the items' size as the service counts it (ItemSize)
 */
public record BackupRecord(String arn, String id, String name, String account, String tableArn, String tableUuid,
                           long createdMillis, String status, String type, long sizeBytes, long itemCount,
                           TableDefinition table) {
    public static final String CREATING = "CREATING";
    public static final String AVAILABLE = "AVAILABLE";
    public static final String DELETED = "DELETED";
    public static final String USER = "USER";
    public static final String SYSTEM = "SYSTEM";
    /** How long a SYSTEM backup is kept (BackupExpiryDateTime, live 2026-10-09: creation + 35 days). */
    public static final long SYSTEM_RETENTION_MILLIS = 35L * 24 * 3600 * 1000;

    public BackupRecord withStatus(String s) {
        return new BackupRecord(arn, id, name, account, tableArn, tableUuid, createdMillis, s, type, sizeBytes, itemCount, table);
    }

    /** When a SYSTEM backup expires (epoch millis), or -1 for a backup kept until deleted. */
    public long expiryMillis() {
        return SYSTEM.equals(type) ? createdMillis + SYSTEM_RETENTION_MILLIS : -1;
    }

    /** BackupCreationDateTime: epoch seconds with fraction. */
    public double creationSeconds() {
        return createdMillis / 1000.0;
    }
}
