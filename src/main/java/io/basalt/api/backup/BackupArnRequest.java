package io.basalt.api.backup;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.common.Constraints;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;

/** Requests that carry only a BackupArn (DescribeBackup, DeleteBackup). */
record BackupArnRequest(String backupArn) {
    static final Member<String> BACKUP_ARN = Member.string("BackupArn");
    private static final Structure SHAPE = Structure.of(BACKUP_ARN);

    static BackupArnRequest parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new BackupArnRequest(m.get(BACKUP_ARN));
    }

    void validate() {
        arn(new Constraints().notNull(backupArn, "backupArn"), backupArn, "backupArn").check();
    }

    /** The service's length limits on a backup ARN (37..1024). */
    static Constraints arn(Constraints c, String arn, String path) {
        if (arn == null) return c;
        if (arn.length() < 37) c.violation(arn, path, "Member must have length greater than or equal to 37");
        if (arn.length() > 1024) c.violation(arn, path, "Member must have length less than or equal to 1024");
        return c;
    }
}
