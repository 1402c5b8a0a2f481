package io.basalt.migrate.load;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Acceptance counts of a set of source records: read = imported + skipped + errors; skipped records
 * were refused before writing (the service would reject them), errors were refused by the target;
 * warnings counts imported records that lost an attribute; overwritten (counted after the run, not
 * kept in the checkpoint) are written records whose item key an earlier record of the entity had:
 * their item holds only one of them, so they are taken out of imported and count as failed.
 */
public final class Counts {
    public long read, imported, skipped, warnings, errors, overwritten;

    public enum Outcome { IMPORTED, IMPORTED_WITH_WARNINGS, SKIPPED, ERROR }

    void add(Outcome o) {
        read++;
        switch (o) {
            case IMPORTED -> imported++;
            case IMPORTED_WITH_WARNINGS -> {
                imported++;
                warnings++;
            }
            case SKIPPED -> skipped++;
            case ERROR -> errors++;
        }
    }

    void add(Counts c) {
        read += c.read;
        imported += c.imported;
        skipped += c.skipped;
        warnings += c.warnings;
        errors += c.errors;
        overwritten += c.overwritten;
    }

    public long failed() {
        return skipped + errors + overwritten;
    }

    Map<String, Object> toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("read", read);
        m.put("imported", imported);
        m.put("skipped", skipped);
        m.put("withWarnings", warnings);
        m.put("withErrors", errors);
        return m;
    }

    static Counts fromJson(Map<String, Object> m) {
        Counts c = new Counts();
        c.read = num(m.get("read"));
        c.imported = num(m.get("imported"));
        c.skipped = num(m.get("skipped"));
        c.warnings = num(m.get("withWarnings"));
        c.errors = num(m.get("withErrors"));
        return c;
    }

    private static long num(Object o) {
        return o == null ? 0 : ((Number) o).longValue();
    }
}
