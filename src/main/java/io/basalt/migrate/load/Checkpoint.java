package io.basalt.migrate.load;

import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.report.JsonText;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run's position, per entity and reader range: the ranges themselves (fixed by the first run,
 * so a resumed run reads the same ones), each range's last committed key and counts. Written to a
 * temporary file and renamed over the old one after each acknowledged batch, so a killed process
 * leaves either the previous or the new state, never a torn one.
 */
final class Checkpoint {
    /** One entity's plan: its source key columns with their JDBC types, row count and ranges. */
    record EntityPlan(String name, List<String> keyColumns, int[] keyTypes, long rows, List<RangeState> ranges) {
        Counts counts() {
            Counts c = new Counts();
            ranges.forEach(r -> c.add(r.committed));
            return c;
        }
    }

    private final Path file;
    final Map<String, EntityPlan> entities = new LinkedHashMap<>();

    Checkpoint(Path file) {
        this.file = file;
    }

    @SuppressWarnings("unchecked")
    static Checkpoint load(Path file) throws IOException {
        Checkpoint c = new Checkpoint(file);
        if (file == null || !Files.exists(file)) return c;
        Map<String, Object> root = ModelLoader.map(ModelLoader.readTree(Files.readString(file), file.toString()), file.toString());
        if (!Integer.valueOf(1).equals(root.get("version"))) throw new ModelException(file + ": not a basalt migrate checkpoint (version 1)");
        Map<String, Object> es = ModelLoader.map(root.get("entities"), file + ".entities");
        for (var e : es.entrySet()) {
            Map<String, Object> m = ModelLoader.map(e.getValue(), file + "." + e.getKey());
            List<String> cols = ((List<?>) m.get("keyColumns")).stream().map(Object::toString).toList();
            int[] types = ((List<?>) m.get("keyTypes")).stream().mapToInt(o -> ((Number) o).intValue()).toArray();
            List<RangeState> ranges = new ArrayList<>();
            for (Object r : (List<?>) m.get("ranges")) ranges.add(RangeState.fromJson(e.getKey(), ranges.size(), (Map<String, Object>) r));
            c.entities.put(e.getKey(), new EntityPlan(e.getKey(), cols, types, ((Number) m.get("rows")).longValue(), ranges));
        }
        return c;
    }

    synchronized void save() {
        if (file == null) return;
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("version", 1);
        Map<String, Object> es = new LinkedHashMap<>();
        for (EntityPlan p : entities.values()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("keyColumns", p.keyColumns());
            List<Integer> types = new ArrayList<>();
            for (int t : p.keyTypes()) types.add(t);
            m.put("keyTypes", types);
            m.put("rows", p.rows());
            m.put("ranges", p.ranges().stream().map(RangeState::toJson).toList());
            es.put(p.name(), m);
        }
        root.put("entities", es);
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, JsonText.write(root));
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("checkpoint " + file + ": " + e.getMessage(), e);
        }
    }
}
