package io.basalt.migrate;

import io.basalt.migrate.load.AcceptanceReport;
import io.basalt.migrate.load.DynamoTarget;
import io.basalt.migrate.load.Loader;
import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.report.JsonText;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** {@code basalt migrate run}: load the source into DynamoDB per the model, with an acceptance report. */
final class RunCommand {
    private RunCommand() {}

    static final String HELP = """
            Usage: basalt migrate run --model FILE --source JDBC-URL [--user U] [--password P]
                                      (--endpoint URL | --data-dir DIR) [--region R] [--readers N] [--workers N]
                                      [--rate-limit WCU] [--checkpoint FILE] [--report FILE] [--allow-errors N]
                                      [--dry-run] [--format text|json]

            Loads every entity of the model: parallel readers over key ranges of its query, each row mapped
            to an item per the model, written with BatchWriteItem (25 items; UnprocessedItems retried with
            jittered exponential backoff) in batches mixed across keys and ranges. Missing tables are created
            (on-demand, with the model's indexes). See docs/migration.md.
              --endpoint URL     any DynamoDB endpoint (Basalt, or the service: default AWS credential chain)
              --data-dir DIR     a Basalt store in this process over DIR (started on a free loopback port)
              --region R         signing region (default AWS_REGION, AWS_DEFAULT_REGION, us-east-1)
              --readers N        reader ranges per entity and reader threads (default 4)
              --workers N        writer threads (default 8)
              --rate-limit WCU   at most WCU write capacity units per second (ceil(item size / 1 KB) per item)
              --checkpoint FILE  the run's position; a run given the same file resumes where the last stopped
              --report FILE      acceptance report FILE.json and FILE.md, error file FILE.errors.jsonl
              --allow-errors N   exit 0 with at most N skipped or failed records (default 0)
              --dry-run          read and map every record, write nothing
            Exit code: 0 accepted, 1 more failed records than allowed (or an error), 2 usage.
            """;

    /** A client for --endpoint or --data-dir, and what to close after. */
    record TargetConnection(DynamoDbClient ddb, EmbeddedStore store, String description) implements AutoCloseable {
        @Override
        public void close() {
            if (ddb != null) ddb.close();
            if (store != null) store.close();
        }
    }

    static TargetConnection target(Args a, Map<String, String> env, EmbeddedStore.Opener opener, boolean required) {
        String endpoint = a.get("endpoint"), dataDir = a.get("data-dir");
        if (endpoint != null && dataDir != null) throw new Args.UsageError("--endpoint or --data-dir, not both");
        if (endpoint != null) return new TargetConnection(DynamoTarget.client(URI.create(endpoint), a.get("region"), env, false), null, endpoint);
        if (dataDir != null) {
            if (opener == null) throw new Args.UsageError("--data-dir is not available here");
            EmbeddedStore store = opener.open(Path.of(dataDir));
            return new TargetConnection(DynamoTarget.client(store.endpoint(), "us-east-1", env, true), store, "embedded store in " + dataDir);
        }
        if (required) throw new Args.UsageError("--endpoint URL or --data-dir DIR is required");
        return new TargetConnection(null, null, "none (dry run)");
    }

    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err, EmbeddedStore.Opener opener) throws Exception {
        Args a = new Args(args, Set.of("model", "source", "user", "password", "driver-jar", "endpoint", "data-dir", "region", "readers",
                "workers", "rate-limit", "checkpoint", "report", "allow-errors", "format"), Set.of("dry-run"));
        Model model = ModelLoader.load(Path.of(a.required("model")));
        boolean dryRun = a.flag("dry-run");
        String source = a.get("source", model.source());
        if (source == null) throw new Args.UsageError("--source is required (the model has no source)");
        long allowErrors = a.intValue("allow-errors", 0);
        Path base = a.get("report") == null ? null : AcceptanceReport.base(Path.of(a.get("report")));
        Path errorFile = base == null ? null : AcceptanceReport.errorFile(base);
        double rate = a.get("rate-limit") == null ? 0 : Double.parseDouble(a.get("rate-limit"));
        try (TargetConnection target = dryRun ? new TargetConnection(null, null, "none (dry run)") : target(a, env, opener, true)) {
            Loader.Options options = new Loader.Options(model, source, a.get("user"), a.get("password", env.get("BASALT_SOURCE_PASSWORD")),
                    a.all("driver-jar").stream().map(Path::of).toList(), target.ddb(), a.intValue("readers", 4), a.intValue("workers", 8), rate,
                    a.get("checkpoint") == null ? null : Path.of(a.get("checkpoint")), errorFile, err);
            Loader.Result r = new Loader(options).run();
            if (base != null) AcceptanceReport.write(base, r, dryRun, allowErrors, errorFile);
            if (a.get("format", "text").equals("json")) {
                out.print(JsonText.write(AcceptanceReport.json(r, dryRun, allowErrors, errorFile)));
            } else {
                out.print(AcceptanceReport.markdown(r, dryRun, allowErrors, errorFile));
            }
            if (r.total().failed() > allowErrors) {
                err.println("basalt migrate run: " + r.total().failed() + " record(s) failed, " + allowErrors + " allowed (--allow-errors)");
                return 1;
            }
            return 0;
        }
    }
}
