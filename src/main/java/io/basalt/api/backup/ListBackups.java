package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.error.DynamoException;
import io.basalt.engine.backup.BackupRecord;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * ListBackups: the account's backups oldest first, filtered by table, creation time (lower bound
 * inclusive, upper exclusive) and type (USER by default), at most Limit (1..100) a page.
 */
public final class ListBackups implements Operation<ListBackups.Request> {
    record Request(String tableName, Long limit, Instant lower, Instant upper, String exclusiveStartBackupArn, String backupType) {}

    private static final Member<String> TABLE_NAME = Member.string("TableName");
    private static final Member<Long> LIMIT = Member.integer("Limit");
    private static final Member<Instant> LOWER = Member.of("TimeRangeLowerBound", JsonIn::timestamp);
    private static final Member<Instant> UPPER = Member.of("TimeRangeUpperBound", JsonIn::timestamp);
    private static final Member<String> EXCLUSIVE_START = Member.string("ExclusiveStartBackupArn");
    private static final Member<String> BACKUP_TYPE = Member.string("BackupType");
    private static final Structure SHAPE = Structure.of(TABLE_NAME, LIMIT, LOWER, UPPER, EXCLUSIVE_START, BACKUP_TYPE);

    private final Engine engine;

    public ListBackups(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ListBackups"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_NAME), m.get(LIMIT), m.get(LOWER), m.get(UPPER), m.get(EXCLUSIVE_START), m.get(BACKUP_TYPE));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().tableNameOrArn(r.tableName(), "tableName")
                .min(r.limit(), "limit", 1).max(r.limit(), "limit", 100)
                .enumValue(r.backupType(), "backupType", "[USER, SYSTEM, AWS_BACKUP, ALL]");
        BackupArnRequest.arn(c, r.exclusiveStartBackupArn(), "exclusiveStartBackupArn").check();
        // live 2026-10-09 (DDB-BACKUP-012/014)
        if (r.lower() != null && r.upper() != null && r.lower().isAfter(r.upper())) {
            throw DynamoException.validation("One or more parameter values were invalid: Time range lower bound must be less than or equal to upper bound");
        }
        String[] cursor = r.exclusiveStartBackupArn() == null ? null : r.exclusiveStartBackupArn().split(":", 6);
        if (cursor != null && cursor.length == 6 && !cursor[3].equals(ctx.region())) {
            throw DynamoException.validation("Invalid Request: The supplied ExclusiveStartBackupArn does not match the region");
        }
        String type = r.backupType() == null ? BackupRecord.USER : r.backupType();
        String account = r.tableName() == null ? ctx.namespace() : TableNames.namespace(ctx, r.tableName());
        String table = r.tableName() == null ? null : TableNames.fromNameOrArn(ctx, r.tableName());
        List<BackupRecord> matching = new ArrayList<>();
        for (BackupRecord b : engine.backups().list(account)) {
            if (table != null && !b.table().name().equals(table)) continue;
            if (!type.equals("ALL") && !type.equals(b.type())) continue;
            if (r.lower() != null && b.createdMillis() < r.lower().toEpochMilli()) continue;
            if (r.upper() != null && b.createdMillis() >= r.upper().toEpochMilli()) continue;
            matching.add(b);
        }
        matching.sort(java.util.Comparator.comparing((BackupRecord b) -> position(b.arn())));
        // the cursor is a position, not a lookup: a deleted backup's ARN resumes after where it was
        int start = 0;
        if (r.exclusiveStartBackupArn() != null) {
            String after = position(r.exclusiveStartBackupArn());
            while (start < matching.size() && position(matching.get(start).arn()).compareTo(after) <= 0) start++;
        }
        int limit = r.limit() == null ? 100 : r.limit().intValue();
        int end = Math.min(matching.size(), start + limit);
        out.writeStartObject();
        out.writeArrayFieldStart("BackupSummaries");
        for (int i = start; i < end; i++) BackupJson.summary(out, matching.get(i));
        out.writeEndArray();
        if (end < matching.size()) out.writeStringField("LastEvaluatedBackupArn", matching.get(end - 1).arn());
        out.writeEndObject();
    }

    /** Where a backup ARN sorts among the account's backups: its id (creation millis, then the random part), then the ARN. */
    private static String position(String arn) {
        int at = arn.lastIndexOf("/backup/");
        return (at < 0 ? "" : arn.substring(at + 8)) + " " + arn;
    }
}
