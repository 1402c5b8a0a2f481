package io.basalt.migrate.load;

import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.report.JsonText;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The error file (JSON Lines): one line per skipped or failed record, and per warning, with the
 * entity, the reader range and the record's ordinal in it, its source key and the reason. Lines are
 * flushed before their record commits, so on resume the lines of committed records are kept and
 * those of records the new run reads again are dropped (they are written again): no duplicates.
 */
final class ErrorLog implements AutoCloseable {
    private final BufferedWriter out;
    private long lines;

    private ErrorLog(BufferedWriter out, long lines) {
        this.out = out;
        this.lines = lines;
    }

    /** Opens the file, keeping only lines of records the checkpoint has committed; null file = no log. */
    static ErrorLog open(Path file, Checkpoint checkpoint) throws IOException {
        if (file == null) return new ErrorLog(null, 0);
        List<String> kept = new ArrayList<>();
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file)) {
                if (line.isBlank()) continue;
                Map<String, Object> m = ModelLoader.map(ModelLoader.readTree(line, file.toString()), file.toString());
                Checkpoint.EntityPlan p = checkpoint.entities.get(String.valueOf(m.get("entity")));
                int range = ((Number) m.get("range")).intValue();
                long ordinal = ((Number) m.get("ordinal")).longValue();
                if (p != null && range < p.ranges().size() && ordinal <= p.ranges().get(range).committed.read) kept.add(line);
            }
        }
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        Files.write(file, kept);
        return new ErrorLog(Files.newBufferedWriter(file, StandardOpenOption.APPEND), kept.size());
    }

    synchronized void write(RangeState range, long seq, Map<String, String> sourceKey, String level, String reason) {
        lines++;
        if (out == null) return;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("entity", range.entity);
        m.put("range", range.index);
        m.put("ordinal", range.ordinal(seq));
        m.put("key", sourceKey);
        m.put("level", level);
        m.put("reason", reason);
        try {
            out.write(JsonText.line(m));
            out.newLine();
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    synchronized long lines() {
        return lines;
    }

    @Override
    public synchronized void close() throws IOException {
        if (out != null) out.close();
    }
}
