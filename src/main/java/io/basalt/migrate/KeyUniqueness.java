package io.basalt.migrate;

import io.basalt.migrate.load.ItemMapper;
import io.basalt.migrate.load.SourceRanges;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.Model.Entity;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.source.ColumnMapping;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code model check --source}: whether each entity's item key is unique on the source. The key is
 * made of the query's source key columns (those its key templates use); rows sharing them map to one
 * item, the later overwriting the earlier, so such a model loses rows and is refused. One GROUP BY
 * query per entity.
 */
final class KeyUniqueness {
    private KeyUniqueness() {}

    /** A refusal per entity whose key repeats (with counts and an example), empty when every key is unique. */
    static List<String> check(Connection c, Model model) throws SQLException {
        List<String> refusals = new ArrayList<>();
        ColumnMapping mapping = new ColumnMapping(ColumnMapping.TimeFormat.ISO, true);
        for (Entity e : model.entities()) {
            if (e.query() == null) continue;
            Model.Table table = model.table(e.table()).orElseThrow(() -> new ModelException("entity " + e.name() + ": no table '" + e.table() + "' in the model"));
            List<String> keyColumns = ItemMapper.forQuery(c, e, table, mapping).keyColumns(table);
            if (keyColumns.isEmpty()) {
                refusals.add("entity " + e.name() + ": its key templates use no column: every row maps to one item");
                continue;
            }
            String cols = SourceRanges.quoted(c, keyColumns, "");
            String repeated = "SELECT " + cols + ", COUNT(*) AS basalt_n FROM (" + SourceRanges.inner(e.query()) + ") basalt_q GROUP BY " + cols
                    + " HAVING COUNT(*) > 1";
            try (Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT COUNT(*), COALESCE(SUM(basalt_n), 0) FROM (" + repeated + ") basalt_r")) {
                rs.next();
                long keys = rs.getLong(1), rows = rs.getLong(2);
                if (keys == 0) continue;
                StringBuilder example = new StringBuilder();
                try (ResultSet x = st.executeQuery(repeated + " ORDER BY basalt_n DESC, " + cols)) {
                    if (x.next()) {
                        for (int i = 0; i < keyColumns.size(); i++) example.append(i == 0 ? "" : ", ").append(keyColumns.get(i)).append('=').append(x.getString(i + 1));
                        example.append(" (").append(x.getLong(keyColumns.size() + 1)).append(" rows)");
                    }
                }
                refusals.add("entity " + e.name() + ": its item key is not unique on the source: " + rows + " rows share " + keys + " keys of "
                        + String.join(", ", keyColumns) + " (e.g. " + example + "), so " + (rows - keys)
                        + " of them would be overwritten; add a column that makes the key unique");
            }
        }
        return refusals;
    }
}
