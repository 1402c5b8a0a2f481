package io.basalt.migrate.report;

import java.util.List;
import java.util.Map;

/**
 * The analysis as Markdown, and as one self-contained HTML page with inline SVG charts (the item-size
 * histogram and each key candidate's most frequent values); nothing is fetched from the network.
 */
public final class AnalysisReport {
    private AnalysisReport() {}

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> maps(Object o) {
        return o == null ? List.of() : (List<Map<String, Object>>) o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    public static String markdown(Map<String, Object> analysis) {
        StringBuilder sb = new StringBuilder("# Migration analysis\n\nSource: `").append(analysis.get("source")).append("`\n");
        for (Map<String, Object> e : maps(analysis.get("entities"))) {
            sb.append("\n## ").append(e.get("kind")).append(' ').append(e.get("name")).append("\n\n");
            sb.append("Rows: ").append(e.get("rows")).append("\n\n");
            sb.append("| column | SQL type | DynamoDB | nullable | null share | average bytes | note |\n|---|---|---|---|---:|---:|---|\n");
            for (Map<String, Object> c : maps(e.get("columns"))) {
                sb.append("| ").append(c.get("name")).append(" | ").append(c.get("sqlType")).append(" | ").append(c.get("dynamoType"))
                        .append(" | ").append(c.get("nullable")).append(" | ").append(c.get("nullShare")).append(" | ")
                        .append(c.get("averageBytes")).append(" | ").append(c.getOrDefault("note", "")).append(" |\n");
            }
            Map<String, Object> s = map(e.get("itemSize"));
            sb.append("\n**Item size** (bytes, as DynamoDB counts them: attribute names plus values): ");
            if (s.get("mean") == null) {
                sb.append("no rows.\n");
            } else {
                sb.append("p50 ").append(s.get("p50")).append(", p95 ").append(s.get("p95")).append(", p99 ").append(s.get("p99"))
                        .append(", max ").append(s.get("max")).append(", mean ").append(s.get("mean")).append(".\n\n")
                        .append(precision(s)).append('\n');
            }
            sb.append("\n**Key candidates**\n\n| column | role | distinct | top value share | hot partition | max bytes |\n|---|---|---:|---:|---|---:|\n");
            for (Map<String, Object> k : maps(e.get("keyCandidates"))) {
                sb.append("| ").append(k.get("column")).append(" | ").append(k.get("role")).append(" | ").append(k.get("distinct"))
                        .append(" | ").append(k.get("topShare")).append(" | ").append(Boolean.TRUE.equals(k.get("hotPartition")) ? "**yes**" : "no")
                        .append(" | ").append(k.get("maxValueBytes")).append(" |\n");
            }
            for (Object p : maps2(e.get("proposals"))) sb.append("\n- Proposal: ").append(p);
            for (Object w : maps2(e.get("warnings"))) sb.append("\n- **Warning**: ").append(w);
            sb.append('\n');
        }
        return sb.toString();
    }

    @SuppressWarnings("unchecked")
    private static List<Object> maps2(Object o) {
        return o == null ? List.of() : (List<Object>) o;
    }

    /** The precision statement of a size distribution. */
    public static String precision(Map<String, Object> s) {
        if (!Boolean.TRUE.equals(s.get("sampled"))) {
            return "Every row was read (" + s.get("sampleSize") + "): the figures are exact.";
        }
        return "Simple random sample with replacement of " + s.get("sampleSize") + " rows: the mean lies in "
                + s.get("meanCi95") + " with 95% confidence; the p95 lies in " + s.get("p95Ci95")
                + " with 95% confidence (rank error ±" + pct(s.get("p95RankError")) + " of the rows), the p99 in "
                + s.get("p99Ci95") + " (±" + pct(s.get("p99RankError")) + ").";
    }

    private static String pct(Object fraction) {
        return Math.round(((Number) fraction).doubleValue() * 100000) / 1000.0 + "%";
    }

    public static String html(Map<String, Object> analysis) {
        StringBuilder sb = new StringBuilder("<!doctype html><html><head><meta charset=\"utf-8\"><title>Migration analysis</title><style>")
                .append("body{font-family:sans-serif;margin:2em;max-width:70em}table{border-collapse:collapse;margin:1em 0}")
                .append("td,th{border:1px solid #ccc;padding:.2em .5em;text-align:left}.warn{color:#a00}.bar{fill:#4a7ab5}.hot{fill:#c33}")
                .append("</style></head><body><h1>Migration analysis</h1><p>Source: <code>").append(esc(analysis.get("source"))).append("</code></p>");
        for (Map<String, Object> e : maps(analysis.get("entities"))) {
            sb.append("<h2>").append(esc(e.get("kind"))).append(' ').append(esc(e.get("name"))).append("</h2><p>Rows: ")
                    .append(e.get("rows")).append("</p><table><tr><th>column</th><th>SQL type</th><th>DynamoDB</th><th>null share</th><th>average bytes</th><th>note</th></tr>");
            for (Map<String, Object> c : maps(e.get("columns"))) {
                sb.append("<tr><td>").append(esc(c.get("name"))).append("</td><td>").append(esc(c.get("sqlType"))).append("</td><td>")
                        .append(esc(c.get("dynamoType"))).append("</td><td>").append(c.get("nullShare")).append("</td><td>")
                        .append(c.get("averageBytes")).append("</td><td>").append(esc(c.getOrDefault("note", ""))).append("</td></tr>");
            }
            sb.append("</table>");
            Map<String, Object> s = map(e.get("itemSize"));
            if (s.get("mean") != null) {
                sb.append("<h3>Item size</h3><p>p50 ").append(s.get("p50")).append(" B, p95 ").append(s.get("p95")).append(" B, p99 ")
                        .append(s.get("p99")).append(" B, max ").append(s.get("max")).append(" B. ").append(esc(precision(s))).append("</p>");
                List<Map<String, Object>> h = maps(s.get("histogram"));
                String[] labels = h.stream().map(b -> b.get("from") + "–" + b.get("to")).toArray(String[]::new);
                double[] values = h.stream().mapToDouble(b -> ((Number) b.get("count")).doubleValue()).toArray();
                sb.append(bars(labels, values, new boolean[values.length], "items per size range (bytes)"));
            }
            for (Map<String, Object> k : maps(e.get("keyCandidates"))) {
                sb.append("<h3>Key candidate ").append(esc(k.get("column"))).append("</h3><p>").append(esc(k.get("role")))
                        .append("; ").append(k.get("distinct")).append(" distinct values; the most frequent holds ")
                        .append(Math.round(((Number) k.get("topShare")).doubleValue() * 1000) / 10.0).append("% of the rows")
                        .append(Boolean.TRUE.equals(k.get("hotPartition")) ? " — <b class=\"warn\">hot partition</b>" : "").append(".</p>");
                List<Map<String, Object>> top = maps(k.get("topValues"));
                String[] labels = top.stream().map(v -> String.valueOf(v.get("value"))).toArray(String[]::new);
                double[] values = top.stream().mapToDouble(v -> ((Number) v.get("share")).doubleValue() * 100).toArray();
                boolean[] hot = new boolean[values.length];
                if (hot.length > 0) hot[0] = Boolean.TRUE.equals(k.get("hotPartition"));
                sb.append(bars(labels, values, hot, "share of the rows (%) of the most frequent values"));
            }
            sb.append("<ul>");
            for (Object p : maps2(e.get("proposals"))) sb.append("<li>Proposal: ").append(esc(p)).append("</li>");
            for (Object w : maps2(e.get("warnings"))) sb.append("<li class=\"warn\">Warning: ").append(esc(w)).append("</li>");
            sb.append("</ul>");
        }
        return sb.append("</body></html>\n").toString();
    }

    /** A horizontal bar chart as inline SVG. */
    static String bars(String[] labels, double[] values, boolean[] hot, String title) {
        double max = 0;
        for (double v : values) max = Math.max(max, v);
        int rowH = 18, labelW = 180, barW = 400, h = rowH * values.length + 24;
        StringBuilder sb = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + (labelW + barW + 80) + "\" height=\"" + h
                + "\" role=\"img\"><title>" + esc(title) + "</title><text x=\"0\" y=\"12\" font-size=\"12\">" + esc(title) + "</text>");
        for (int i = 0; i < values.length; i++) {
            int y = 20 + i * rowH;
            double w = max == 0 ? 0 : values[i] / max * barW;
            String label = labels[i].length() > 28 ? labels[i].substring(0, 27) + "…" : labels[i];
            sb.append("<text x=\"0\" y=\"").append(y + 12).append("\" font-size=\"11\">").append(esc(label)).append("</text>")
                    .append("<rect class=\"").append(hot[i] ? "hot" : "bar").append("\" x=\"").append(labelW).append("\" y=\"").append(y + 2)
                    .append("\" width=\"").append(String.format(java.util.Locale.ROOT, "%.1f", w)).append("\" height=\"").append(rowH - 4).append("\"/>")
                    .append("<text x=\"").append(labelW + (int) w + 4).append("\" y=\"").append(y + 12).append("\" font-size=\"11\">")
                    .append(Math.round(values[i] * 100) / 100.0).append("</text>");
        }
        return sb.append("</svg>").toString();
    }

    private static String esc(Object o) {
        return String.valueOf(o).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
