package io.basalt.migrate.estimate;

import java.util.List;
import java.util.Map;

/** The estimate as Markdown tables, for a terminal or a review. */
public final class EstimateText {
    private EstimateText() {}

    @SuppressWarnings("unchecked")
    public static String render(Map<String, Object> e) {
        StringBuilder sb = new StringBuilder("## Capacity per access pattern\n\n");
        sb.append("| access pattern | operation | served by | per second | items | item bytes | RCU | WCU |\n");
        sb.append("|---|---|---|---:|---:|---:|---:|---|\n");
        for (Object o : (List<Object>) e.get("accessPatterns")) {
            Map<String, Object> p = (Map<String, Object>) o;
            sb.append("| ").append(p.get("name")).append(" | ").append(p.get("operation")).append(" | ").append(p.get("servedBy"))
                    .append(" | ").append(n(p.get("frequency"))).append(" | ").append(n(p.get("items"))).append(" | ")
                    .append(n(p.get("itemBytes"))).append(" | ").append(p.containsKey("rcu") ? n(p.get("rcu")) : "")
                    .append(" | ").append(p.containsKey("wcu") ? wcu((Map<String, Object>) p.get("wcu")) : "").append(" |\n");
        }
        sb.append("\n## Capacity, storage and partitions per table and index\n\n");
        sb.append("| table/index | kind | WCU | RCU | items | storage GB | partitions |\n|---|---|---:|---:|---:|---:|---:|\n");
        for (Object o : (List<Object>) e.get("tables")) {
            Map<String, Object> t = (Map<String, Object>) o;
            sb.append("| ").append(t.get("kind").equals("table") ? t.get("name") : t.get("table") + "." + t.get("name"))
                    .append(" | ").append(t.get("kind")).append(" | ").append(n(t.get("wcu"))).append(" | ").append(n(t.get("rcu")))
                    .append(" | ").append(n(t.get("items"))).append(" | ").append(n(t.get("storageGB"))).append(" | ")
                    .append(t.get("partitions")).append(" |\n");
        }
        Map<String, Object> totals = (Map<String, Object>) e.get("totals");
        sb.append("| **total** | | **").append(n(totals.get("wcu"))).append("** | **").append(n(totals.get("rcu")))
                .append("** | | ").append(n(totals.get("storageGB"))).append(" | ").append(totals.get("partitions")).append(" |\n");
        Map<String, Object> cost = (Map<String, Object>) e.get("monthlyCost");
        sb.append("\n## Monthly cost (").append(cost.get("currency")).append(", ").append(cost.get("region"))
                .append(", prices of ").append(cost.get("pricesDate")).append(" from ").append(cost.get("pricesSource")).append(")\n\n");
        sb.append("| mode | writes | reads | storage | total |\n|---|---:|---:|---:|---:|\n");
        for (String mode : List.of("onDemand", "provisioned")) {
            Map<String, Object> m = (Map<String, Object>) cost.get(mode);
            sb.append("| ").append(mode.equals("onDemand") ? "on-demand" : "provisioned").append(" | ").append(n(m.get("writes")))
                    .append(" | ").append(n(m.get("reads"))).append(" | ").append(n(m.get("storage"))).append(" | ")
                    .append(n(m.get("total"))).append(" |\n");
        }
        for (Object note : (List<Object>) e.get("notes")) sb.append("\nNote: ").append(note).append('\n');
        return sb.toString();
    }

    private static String wcu(Map<String, Object> perTarget) {
        StringBuilder sb = new StringBuilder();
        perTarget.forEach((k, v) -> sb.append(sb.isEmpty() ? "" : ", ").append(k).append(' ').append(n(v)));
        return sb.toString();
    }

    private static String n(Object o) {
        return o instanceof java.math.BigDecimal d ? (d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString()) : String.valueOf(o);
    }
}
