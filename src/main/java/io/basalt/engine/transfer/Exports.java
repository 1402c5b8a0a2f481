package io.basalt.engine.transfer;

import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The exports an instance made (held in memory: the files in the export root are the durable
 * result; DescribeExport forgets them at a restart).
 */
public final class Exports {
    private final Map<String, ExportRecord> byArn = new ConcurrentHashMap<>();

    public void put(ExportRecord e) {
        byArn.put(e.arn(), e);
    }

    /** The account's export with this ARN, or ExportNotFoundException. */
    public ExportRecord require(String account, String arn) {
        ExportRecord e = arn == null ? null : byArn.get(arn);
        if (e == null || !e.account().equals(account)) {
            throw new DynamoException(ErrorType.EXPORT_NOT_FOUND, "Export not found: " + arn);
        }
        return e;
    }

    /** An earlier export of the account with this client token, or null. */
    public ExportRecord byClientToken(String account, String token) {
        if (token == null) return null;
        for (ExportRecord e : byArn.values()) if (e.account().equals(account) && token.equals(e.clientToken())) return e;
        return null;
    }

    /** The account's exports (of one table when {@code tableArn} is set), oldest first. */
    public List<ExportRecord> list(String account, String tableArn) {
        List<ExportRecord> out = new ArrayList<>();
        for (ExportRecord e : byArn.values()) {
            if (e.account().equals(account) && (tableArn == null || tableArn.equals(e.tableArn()))) out.add(e);
        }
        out.sort(Comparator.comparingLong(ExportRecord::startMillis).thenComparing(ExportRecord::arn));
        return out;
    }
}
