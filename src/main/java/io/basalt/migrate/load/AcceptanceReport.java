package io.basalt.migrate.load;

import io.basalt.migrate.report.JsonText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The acceptance report of a run: FILE.json and FILE.md, next to the error file FILE.errors.jsonl. */
public final class AcceptanceReport {
    private AcceptanceReport() {}

    /** FILE given as "out/report", "out/report.json" or "out/report.md": the base name without extension. */
    public static Path base(Path file) {
        String name = file.getFileName().toString();
        for (String ext : new String[] {".json", ".md"}) {
            if (name.endsWith(ext)) return file.resolveSibling(name.substring(0, name.length() - ext.length()));
        }
        return file;
    }

    public static Path errorFile(Path base) {
        return base.resolveSibling(base.getFileName() + ".errors.jsonl");
    }

    public static Map<String, Object> json(Loader.Result r, boolean dryRun, long allowErrors, Path errorFile) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dryRun", dryRun);
        Map<String, Object> es = new LinkedHashMap<>();
        r.entities().forEach((name, c) -> es.put(name, json(c)));
        m.put("entities", es);
        m.put("total", json(r.total()));
        m.put("failed", r.total().failed());
        m.put("allowErrors", allowErrors);
        m.put("accepted", r.total().failed() <= allowErrors);
        m.put("errorFile", errorFile == null ? null : errorFile.toString());
        m.put("errorFileLines", r.errorLines());
        m.put("recordsThisRun", r.rowsThisRun());
        m.put("seconds", r.millis() / 1000.0);
        m.put("recordsPerSecond", r.millis() == 0 ? null : Math.round(r.rowsThisRun() * 1000.0 / r.millis()));
        m.put("tablesCreated", r.tablesCreated());
        return m;
    }

    private static Map<String, Object> json(Counts c) {
        Map<String, Object> m = c.toJson();
        m.put("overwritten", c.overwritten);
        return m;
    }

    public static String markdown(Loader.Result r, boolean dryRun, long allowErrors, Path errorFile) {
        StringBuilder sb = new StringBuilder("# Migration acceptance report\n\n");
        if (dryRun) sb.append("**Dry run**: records were read and mapped, nothing was written; \"imported\" counts the records that would be.\n\n");
        sb.append("| entity | read | imported | skipped | with warnings | with errors | overwritten |\n|---|---:|---:|---:|---:|---:|---:|\n");
        r.entities().forEach((name, c) -> row(sb, name, c));
        row(sb, "**total**", r.total());
        sb.append("\nSkipped: refused before writing (the service would reject the item); with errors: refused by the target; ")
                .append("with warnings: imported without an attribute that could not be converted; ")
                .append("overwritten: written, but an earlier record had the same item key (the item holds one of them).\n\n");
        long failed = r.total().failed();
        sb.append(failed <= allowErrors ? "**Accepted**" : "**Not accepted**").append(": ").append(failed).append(" failed record(s), ")
                .append(allowErrors).append(" allowed (--allow-errors).\n");
        if (errorFile != null) sb.append("\nEvery skipped or failed record and every warning, with its source key and reason: `").append(errorFile)
                .append("` (").append(r.errorLines()).append(" lines).\n");
        sb.append(String.format("%nThis run: %,d records in %.1f s.%n", r.rowsThisRun(), r.millis() / 1000.0));
        return sb.toString();
    }

    private static void row(StringBuilder sb, String name, Counts c) {
        sb.append(String.format("| %s | %,d | %,d | %,d | %,d | %,d | %,d |%n", name, c.read, c.imported, c.skipped, c.warnings, c.errors, c.overwritten));
    }

    public static void write(Path base, Loader.Result r, boolean dryRun, long allowErrors, Path errorFile) throws IOException {
        if (base.getParent() != null) Files.createDirectories(base.getParent());
        Files.writeString(base.resolveSibling(base.getFileName() + ".json"), JsonText.write(json(r, dryRun, allowErrors, errorFile)));
        Files.writeString(base.resolveSibling(base.getFileName() + ".md"), markdown(r, dryRun, allowErrors, errorFile));
    }
}
