package io.basalt.migrate.replicate;

import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.report.JsonText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The replication's saved position (a JSON file): the source kind, its position (PostgreSQL: the
 * LSN after the last applied transaction; MariaDB/MySQL: binlog file:offset, with the MariaDB GTID
 * when there is one), the slot and publication, and running totals. Written to a temporary file
 * and renamed over the old one, so a killed process leaves the previous or the new state.
 */
record ReplicationState(String kind, String position, String slot, String publication, long transactions, long changes) {

    static ReplicationState load(Path file) throws IOException {
        if (file == null || !Files.exists(file)) return null;
        Map<String, Object> m = ModelLoader.map(ModelLoader.readTree(Files.readString(file), file.toString()), file.toString());
        if (!Integer.valueOf(1).equals(m.get("version")) || m.get("position") == null) {
            throw new ModelException(file + ": not a basalt migrate replicate state (version 1)");
        }
        return new ReplicationState((String) m.get("kind"), (String) m.get("position"), (String) m.get("slot"), (String) m.get("publication"),
                ((Number) m.getOrDefault("transactions", 0)).longValue(), ((Number) m.getOrDefault("changes", 0)).longValue());
    }

    ReplicationState at(String newPosition, long moreTransactions, long moreChanges) {
        return new ReplicationState(kind, newPosition, slot, publication, transactions + moreTransactions, changes + moreChanges);
    }

    void save(Path file) throws IOException {
        if (file == null) return;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("version", 1);
        m.put("kind", kind);
        m.put("position", position);
        if (slot != null) m.put("slot", slot);
        if (publication != null) m.put("publication", publication);
        m.put("transactions", transactions);
        m.put("changes", changes);
        if (file.getParent() != null) Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, JsonText.write(m));
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
