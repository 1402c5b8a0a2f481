package io.basalt.migrate;

import io.basalt.migrate.estimate.EstimateText;
import io.basalt.migrate.estimate.Estimator;
import io.basalt.migrate.estimate.Prices;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.ModelCheck;
import io.basalt.migrate.model.ModelException;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.report.JsonText;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code basalt migrate ...}: the migration toolkit's commands (docs/migration.md). Each returns an
 * exit code: 0 done, 1 failed (or, for {@code model check}, a pattern not served), 2 usage.
 */
public final class MigrateCommand {
    private MigrateCommand() {}

    static final String HELP = """
            Usage: basalt migrate COMMAND [options]   (basalt migrate COMMAND --help for its options)

            Move a relational database to the DynamoDB model, step by step (docs/migration.md):
              analyze           analyse tables or queries of a JDBC source: row counts, type mapping,
                                item sizes, key candidates, hot keys, relationships (Markdown, HTML, JSON)
              model init        propose a model file from an analysis (JSON of analyze)
              model check       prove each access pattern of a model is served by a key condition
              estimate          capacity (RCU/WCU) per access pattern, table and index; storage,
                                partitions and monthly cost
              prices            print the bundled price table (edit a copy, pass it to estimate --prices)
              generate-example  create and fill an example database (gaming) on a JDBC source
              run               load the source into DynamoDB per the model (checkpoint, acceptance report)
              verify            compare the source with the target: counts per entity, items field by field
              replicate         change data capture: apply the source's inserts, updates and deletes to the
                                target continuously until cut-over (PostgreSQL logical replication,
                                MariaDB/MySQL binlog), with lag; stops cleanly and resumes
            """;

    static final String ESTIMATE_HELP = """
            Usage: basalt migrate estimate --model FILE [--prices FILE] [--format markdown|json] [--out FILE]

            Capacity per access pattern and per table and index exactly as DynamoDB meters it, storage,
            partitions needed (3,000 RCU / 1,000 WCU / 10 GB each) and the monthly cost on-demand and
            provisioned from a price table (default: the bundled one, see basalt migrate prices).
              --model FILE     the model file (YAML)
              --prices FILE    a price table (YAML) instead of the bundled one
              --format F       markdown (default) or json
              --out FILE       write there instead of standard output
            """;

    static final String CHECK_HELP = """
            Usage: basalt migrate model check --model FILE [--analysis FILE] [--hot-share S] [--format text|json]
                                              [--source JDBC-URL [--user U] [--password P]]

            Proves that each access pattern is served by a key condition on its table or index (GetItem and
            writes by the full primary key; Query by '=' on the partition key and at most one sort key
            condition), else flags it as a Scan; warns about hot keys (constant partition key values; with
            --analysis, source columns whose most frequent value holds more than --hot-share of the rows,
            default 0.1) and notes sparse indexes and sparse-index opportunities. With --source, checks with a
            query per entity that its item key is unique on the source (rows sharing a key would overwrite
            each other). Exit code 1 when a pattern is not served or a key is not unique.
            """;

    static final String PRICES_HELP = """
            Usage: basalt migrate prices > my-prices.yaml

            Prints the bundled price table (its source and date inside) to edit and pass to estimate --prices.
            """;

    public static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
        return run(args, env, out, err, null);
    }

    /** {@code opener} starts an embedded Basalt for --data-dir (null: the option is unavailable). */
    public static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err, EmbeddedStore.Opener opener) {
        if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h") || args.get(0).equals("help")) {
            (args.isEmpty() ? err : out).print(HELP);
            return args.isEmpty() ? 2 : 0;
        }
        String command = args.get(0);
        List<String> rest = args.subList(1, args.size());
        if (command.equals("model")) {
            if (rest.isEmpty() || !Set.of("init", "check").contains(rest.get(0))) {
                err.println("basalt migrate model: init or check (try: basalt migrate --help)");
                return 2;
            }
            command = "model " + rest.get(0);
            rest = rest.subList(1, rest.size());
        }
        boolean help = rest.contains("--help") || rest.contains("-h");
        try {
            return switch (command) {
                case "estimate" -> help ? help(out, ESTIMATE_HELP) : estimate(rest, out);
                case "model check" -> help ? help(out, CHECK_HELP) : check(rest, out);
                case "model init" -> help ? help(out, ModelInit.HELP) : ModelInit.run(rest, out, err);
                case "analyze" -> help ? help(out, AnalyzeCommand.HELP) : AnalyzeCommand.run(rest, env, out, err);
                case "generate-example" -> help ? help(out, GenerateExample.HELP) : GenerateExample.run(rest, env, out, err);
                case "prices" -> help ? help(out, PRICES_HELP) : print(out, Prices.defaultText());
                case "run" -> help ? help(out, RunCommand.HELP) : RunCommand.run(rest, env, out, err, opener);
                case "replicate" -> help ? help(out, ReplicateCommand.HELP) : ReplicateCommand.run(rest, env, out, err, opener);
                case "verify" -> help ? help(out, VerifyCommand.HELP) : VerifyCommand.run(rest, env, out, err, opener);
                default -> {
                    err.println("basalt migrate: unknown command '" + command + "' (try: basalt migrate --help)");
                    yield 2;
                }
            };
        } catch (Args.UsageError e) {
            err.println("basalt migrate " + command + ": " + e.getMessage() + " (try: basalt migrate " + command + " --help)");
            return 2;
        } catch (ModelException e) {
            err.println("basalt migrate " + command + ": " + e.getMessage());
            return 1;
        } catch (java.nio.file.NoSuchFileException e) {
            err.println("basalt migrate " + command + ": no such file: " + e.getFile());
            return 1;
        } catch (IOException e) {
            err.println("basalt migrate " + command + ": " + e);
            return 1;
        } catch (java.sql.SQLException e) {
            err.println("basalt migrate " + command + ": database error: " + e.getMessage());
            return 1;
        } catch (software.amazon.awssdk.core.exception.SdkException e) {
            err.println("basalt migrate " + command + ": target error: " + e.getMessage());
            return 1;
        } catch (Exception e) {
            err.println("basalt migrate " + command + ": " + e);
            return 1;
        }
    }

    private static int help(PrintStream out, String text) {
        out.print(text);
        return 0;
    }

    private static int print(PrintStream out, String text) {
        out.print(text);
        return 0;
    }

    private static int estimate(List<String> rest, PrintStream out) throws IOException {
        Args a = new Args(rest, Set.of("model", "prices", "format", "out"), Set.of());
        Model model = ModelLoader.load(Path.of(a.required("model")));
        Prices prices = Prices.load(a.get("prices") == null ? null : Path.of(a.get("prices")));
        Map<String, Object> estimate = new Estimator(model, prices).run();
        String format = a.get("format", "markdown");
        String text = switch (format) {
            case "json" -> JsonText.write(estimate);
            case "markdown", "md", "text" -> EstimateText.render(estimate);
            default -> throw new Args.UsageError("--format: markdown or json, not " + format);
        };
        return write(a.get("out"), text, out);
    }

    private static int check(List<String> rest, PrintStream out) throws IOException, java.sql.SQLException {
        Args a = new Args(rest, Set.of("model", "analysis", "hot-share", "format", "source", "user", "password", "driver-jar"), Set.of());
        Model model = ModelLoader.load(Path.of(a.required("model")));
        BigDecimal hotShare = new BigDecimal(a.get("hot-share", "0.1"));
        Map<String, BigDecimal> shares = a.get("analysis") == null ? Map.of()
                : ModelInit.topShares(Files.readString(Path.of(a.get("analysis"))), a.get("analysis"));
        ModelCheck.Result result = new ModelCheck(model, shares, hotShare).run();
        List<String> notUnique = List.of();
        if (a.get("source") != null) {
            try (java.sql.Connection c = io.basalt.migrate.source.JdbcSource.connect(a.get("source"), a.get("user"),
                    a.get("password", System.getenv("BASALT_SOURCE_PASSWORD")), a.all("driver-jar").stream().map(Path::of).toList())) {
                notUnique = KeyUniqueness.check(c, model);
            }
        }
        String format = a.get("format", "text");
        if (format.equals("json")) {
            Map<String, Object> json = new java.util.LinkedHashMap<>(result.toJson());
            if (a.get("source") != null) json.put("keysNotUnique", notUnique);
            json.put("ok", result.ok() && notUnique.isEmpty());
            out.print(JsonText.write(json));
        } else {
            out.print(result.toText());
            for (String refusal : notUnique) out.println("error: " + refusal);
        }
        return result.ok() && notUnique.isEmpty() ? 0 : 1;
    }

    static int write(String file, String text, PrintStream out) throws IOException {
        if (file == null) {
            out.print(text);
        } else {
            Path p = Path.of(file);
            if (p.getParent() != null) Files.createDirectories(p.getParent());
            Files.writeString(p, text);
        }
        return 0;
    }
}
