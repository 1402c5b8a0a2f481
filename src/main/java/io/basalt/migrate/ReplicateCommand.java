package io.basalt.migrate;

import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.replicate.Replicator;
import io.basalt.migrate.report.JsonText;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code basalt migrate replicate}: change data capture from the source into the target until cut-over. */
final class ReplicateCommand {
    private ReplicateCommand() {}

    static final String HELP = """
            Usage: basalt migrate replicate --model FILE --source JDBC-URL [--user U] [--password P]
                                            (--endpoint URL | --data-dir DIR) [--region R] [--state FILE]
                                            [--slot NAME] [--publication NAME] [--replica-identity keep|full]
                                            [--batch N] [--init] [--format text|json]

            Change data capture for running the source and the target side by side until cut-over: every
            committed insert, update and delete of the source is applied through the model, in commit order,
            by reading the affected rows again through their entity's query (joins and denormalised copies
            included) and putting or deleting their items. PostgreSQL: logical replication (pgoutput; needs
            wal_level=logical; the publication and the slot are created when missing). MariaDB/MySQL: the
            binlog (log_bin, binlog_format=ROW, binlog_row_image=FULL; REPLICATION SLAVE and REPLICATION
            CLIENT privileges). Runs until SIGINT/SIGTERM, then saves its position in the state file and
            exits 0; started again with the same state file it resumes there (a background job of a
            non-interactive shell ignores SIGINT: stop it with SIGTERM). See docs/migration.md.
              --state FILE        the saved position (default replicate-state.json)
              --init              only create the slot/publication (PostgreSQL) or note the binlog position
                                  (MariaDB/MySQL) in the state file, and exit: do it before migrate run, so no
                                  change made during the load is missed
              --slot NAME         PostgreSQL logical replication slot (default basalt_replicate)
              --publication NAME  PostgreSQL publication of the tables the model's queries read (default
                                  basalt_replicate)
              --replica-identity  keep (default): refuse, before creating anything, when a table's old rows
                                  would not carry its items' keys (no primary key, or a key column outside it);
                                  full: set REPLICA IDENTITY FULL on exactly those tables (PostgreSQL)
              --batch N           at most N transactions applied between two saved positions (default 500)
              --format F          text (default: status on standard error) or json (a status object per
                                  line on standard output, about once a second, and a last one when stopped)
            Status: transactions and changes applied, items put and deleted, changes/s, lagMillis (the source's
            commit time of the last applied transaction to its apply; 0 when caught up), lagP99Millis (over the
            transactions applied since the last status), idleMillis, position.
            """;

    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err, EmbeddedStore.Opener opener) throws Exception {
        Args a = new Args(args, Set.of("model", "source", "user", "password", "driver-jar", "endpoint", "data-dir", "region", "state", "slot",
                "publication", "batch", "format", "replica-identity"), Set.of("init"));
        Model model = ModelLoader.load(Path.of(a.required("model")));
        String source = a.get("source", model.source());
        if (source == null) throw new Args.UsageError("--source is required (the model has no source)");
        boolean json = a.get("format", "text").equals("json");
        if (!json && !a.get("format", "text").equals("text")) throw new Args.UsageError("--format: text or json");
        int batch = a.intValue("batch", 500);
        if (batch < 1) throw new Args.UsageError("--batch: at least 1");
        String identity = a.get("replica-identity", "keep");
        if (!identity.equals("keep") && !identity.equals("full")) throw new Args.UsageError("--replica-identity: keep or full");
        try (RunCommand.TargetConnection target = a.flag("init") ? new RunCommand.TargetConnection(null, null, "none")
                : RunCommand.target(a, env, opener, true)) {
            Replicator r = new Replicator(new Replicator.Options(model, source, a.get("user"), a.get("password", env.get("BASALT_SOURCE_PASSWORD")),
                    a.all("driver-jar").stream().map(Path::of).toList(), target.ddb(), Path.of(a.get("state", "replicate-state.json")),
                    a.get("slot", "basalt_replicate"), a.get("publication", "basalt_replicate"), batch, identity.equals("full")));
            if (a.flag("init")) {
                String position = r.init();
                if (json) out.print(JsonText.write(Map.of("state", "initialised", "position", position, "notes", r.notes())));
                else {
                    out.println("replicate: state " + a.get("state", "replicate-state.json") + " starts at " + position);
                    for (String note : r.notes()) out.println("replicate: " + note);
                }
                return 0;
            }
            // SIGINT/SIGTERM: finish the batch in hand, save the position and exit 0 (a clean stop). A signal
            // ignored from the start (SIGINT in a shell's background job) stays ignored; other ends of the
            // JVM still stop through the shutdown hook.
            for (String name : List.of("INT", "TERM")) {
                try {
                    sun.misc.Signal.handle(new sun.misc.Signal(name), sig -> new Thread(() -> {
                        try {
                            r.stop();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }, "migrate-replicate-signal").start());
                } catch (IllegalArgumentException ignoredOrReserved) {
                    // left to the JVM
                }
            }
            Thread hook = new Thread(() -> {
                try {
                    r.stop();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "migrate-replicate-stop");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                r.run(s -> {
                    if (json) {
                        out.println(JsonText.line(s));
                        out.flush();
                    } else {
                        err.printf("%s: %,d transactions, %,d changes, %,d items put, %,d deleted, %,.1f changes/s, lag %,d ms, at %s%n",
                                s.get("state"), s.get("transactions"), s.get("changes"), s.get("itemsPut"), s.get("itemsDeleted"),
                                s.get("changesPerSecond"), s.get("lagMillis"), s.get("position"));
                        if (s.get("warnings") != null) err.println("warnings: " + s.get("warnings"));
                    }
                });
            } finally {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException e) {
                    // the JVM is shutting down: the hook is what stopped us
                }
            }
            return 0;
        }
    }
}
