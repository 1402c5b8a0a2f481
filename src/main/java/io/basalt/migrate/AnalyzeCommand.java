package io.basalt.migrate;

import io.basalt.migrate.analyze.Analyzer;
import io.basalt.migrate.report.AnalysisReport;
import io.basalt.migrate.report.JsonText;
import io.basalt.migrate.source.ColumnMapping;
import io.basalt.migrate.source.JdbcSource;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code basalt migrate analyze}: see {@link #HELP}. */
final class AnalyzeCommand {
    private AnalyzeCommand() {}

    static final String HELP = """
            Usage: basalt migrate analyze --source JDBC-URL [--user U] [--password P] [--table T]... [--query [NAME=]SQL]...
                   [--sample N] [--key COLUMN]... [--hot-share S] [--timestamps iso|epoch] [--json map|string]
                   [--format markdown|html|json] [--out DIR] [--driver-jar FILE]... [--seed N]

            Analyses tables (default: every table of the source's schema/database) or query results as
            DynamoDB items: row counts; columns, SQL types and their DynamoDB types; the item-size
            distribution exactly as DynamoDB sizes items (p50/p95/p99/max; a simple random sample with
            replacement of --sample rows when there are more, with its precision stated); key candidates
            (primary, unique, foreign and indexed keys, and --key columns) with distinct count, most
            frequent values and a hot-partition warning when one value holds more than --hot-share of the
            rows; items over 400 KB, key values over 2048/1024 bytes, numbers over 38 digits; foreign
            keys as item collections and association tables as adjacency lists.
              --source URL       JDBC URL (jdbc:postgresql://..., jdbc:mariadb://..., jdbc:mysql://..., jdbc:sqlite:FILE)
              --user U           database user; --password P or env BASALT_SOURCE_PASSWORD
              --driver-jar FILE  a JDBC driver jar for other databases (repeatable)
              --table T          analyse this table (repeatable)
              --query SQL        analyse this query's result, e.g. a denormalising join (repeatable; NAME=SQL names it)
              --sample N         rows sampled when a table has more (default 100000)
              --key COLUMN       also evaluate this column as a partition key (repeatable)
              --hot-share S      hot-partition threshold: share of rows of the most frequent value (default 0.1)
              --timestamps F     iso (S, ISO-8601; default) or epoch (N, seconds)
              --json F           JSON columns as map (M; default) or string (S)
              --format F         markdown (default), html or json on standard output
              --out DIR          write analysis.md, analysis.html and analysis.json there instead
              --seed N           random seed of the sample (default 1: the same sample each run)
            """;

    private static final Pattern NAMED = Pattern.compile("(?s)([A-Za-z_]\\w*)=\\s*(.+)");

    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) throws SQLException, IOException {
        Args a = new Args(args, Set.of("source", "user", "password", "driver-jar", "table", "query", "sample", "key",
                "hot-share", "timestamps", "json", "format", "out", "seed"), Set.of());
        String url = a.required("source");
        String format = a.get("format", "markdown");
        if (!Set.of("markdown", "html", "json").contains(format)) throw new Args.UsageError("--format: markdown, html or json");
        ColumnMapping mapping = new ColumnMapping(
                switch (a.get("timestamps", "iso")) {
                    case "iso" -> ColumnMapping.TimeFormat.ISO;
                    case "epoch" -> ColumnMapping.TimeFormat.EPOCH;
                    default -> throw new Args.UsageError("--timestamps: iso or epoch");
                },
                switch (a.get("json", "map")) {
                    case "map" -> true;
                    case "string" -> false;
                    default -> throw new Args.UsageError("--json: map or string");
                });
        double hotShare;
        try {
            hotShare = Double.parseDouble(a.get("hot-share", "0.1"));
        } catch (NumberFormatException e) {
            throw new Args.UsageError("--hot-share: a fraction such as 0.1");
        }
        Analyzer.Options options = new Analyzer.Options(a.intValue("sample", 100_000), hotShare, a.all("key"), a.intValue("seed", 1));
        List<Path> jars = a.all("driver-jar").stream().map(Path::of).toList();
        PrintStream progress = System.console() != null ? err : null;
        List<Object> entities = new ArrayList<>();
        try (Connection c = JdbcSource.connect(url, a.get("user"), a.get("password", env.get("BASALT_SOURCE_PASSWORD")), jars)) {
            Analyzer analyzer = new Analyzer(c, mapping, options, progress);
            List<String> tables = new ArrayList<>(a.all("table"));
            if (tables.isEmpty() && a.all("query").isEmpty()) tables.addAll(analyzer.tables());
            for (String t : tables) entities.add(analyzer.table(t));
            int n = 0;
            for (String q : a.all("query")) {
                n++;
                Matcher m = NAMED.matcher(q);
                boolean named = m.matches() && !m.group(1).equalsIgnoreCase("select");
                entities.add(analyzer.query(named ? m.group(1) : "query" + n, named ? m.group(2) : q));
            }
        }
        Map<String, Object> analysis = new LinkedHashMap<>();
        analysis.put("source", url);
        analysis.put("options", Map.of("sample", options.sample(), "hotShare", hotShare, "seed", options.seed()));
        analysis.put("entities", entities);
        if (a.get("out") != null) {
            Path dir = Path.of(a.get("out"));
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("analysis.json"), JsonText.write(analysis));
            Files.writeString(dir.resolve("analysis.md"), AnalysisReport.markdown(analysis));
            Files.writeString(dir.resolve("analysis.html"), AnalysisReport.html(analysis));
            err.println("analysis written to " + dir.resolve("analysis.{md,html,json}"));
            return 0;
        }
        out.print(switch (format) {
            case "json" -> JsonText.write(analysis);
            case "html" -> AnalysisReport.html(analysis);
            default -> AnalysisReport.markdown(analysis);
        });
        return 0;
    }
}
