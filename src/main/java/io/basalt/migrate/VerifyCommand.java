package io.basalt.migrate;

import io.basalt.migrate.model.Model;
import io.basalt.migrate.model.ModelLoader;
import io.basalt.migrate.report.JsonText;
import io.basalt.migrate.source.JdbcSource;
import io.basalt.migrate.verify.Verifier;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code basalt migrate verify}: source against target, counts and items. */
final class VerifyCommand {
    private VerifyCommand() {}

    static final String HELP = """
            Usage: basalt migrate verify --model FILE --source JDBC-URL [--user U] [--password P]
                                         (--endpoint URL | --data-dir DIR) [--region R] [--sample N | --all] [--seed N]
                                         [--errors RUN-ERROR-FILE] [--format text|json]

            Per entity: the source rows the mapping accepts against the target's items of the entity (a Scan
            of its table; items attributed by the constant prefixes of the key templates), then a random
            sample of N rows (default 1000; --all: every row) mapped again and compared attribute by
            attribute with the item read by its key. Mismatches are listed. Exit code 1 on any mismatch.
              --errors FILE   the run's error file (FILE.errors.jsonl of run --report FILE): the records it
                              lists as skipped or refused by the target are expected to have no item
                              (counted as explainedByRunErrors, not as mismatches)
            """;

    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err, EmbeddedStore.Opener opener) throws Exception {
        Args a = new Args(args, Set.of("model", "source", "user", "password", "driver-jar", "endpoint", "data-dir", "region", "sample", "seed",
                "format", "errors"), Set.of("all"));
        Model model = ModelLoader.load(Path.of(a.required("model")));
        String source = a.get("source", model.source());
        if (source == null) throw new Args.UsageError("--source is required (the model has no source)");
        long sample = a.flag("all") ? 0 : a.intValue("sample", 1000);
        if (!a.flag("all") && sample < 1) throw new Args.UsageError("--sample: at least 1 (or --all)");
        Map<String, Object> result;
        try (RunCommand.TargetConnection target = RunCommand.target(a, env, opener, true);
             Connection c = JdbcSource.connect(source, a.get("user"), a.get("password", env.get("BASALT_SOURCE_PASSWORD")),
                     a.all("driver-jar").stream().map(Path::of).toList())) {
            c.setAutoCommit(false);
            result = new Verifier(model, c, target.ddb(), sample, a.intValue("seed", 1), explained(a.get("errors"))).run();
        }
        if (a.get("format", "text").equals("json")) {
            out.print(JsonText.write(result));
        } else {
            out.print(text(result));
        }
        return Boolean.TRUE.equals(result.get("clean")) ? 0 : 1;
    }

    /** The source keys of the records a run's error file lists as skipped or refused by the target (warnings are imported). */
    @SuppressWarnings("unchecked")
    private static Map<String, Set<Map<String, String>>> explained(String file) throws java.io.IOException {
        Map<String, Set<Map<String, String>>> out = new java.util.HashMap<>();
        if (file == null) return out;
        for (String line : java.nio.file.Files.readAllLines(Path.of(file))) {
            if (line.isBlank()) continue;
            Map<String, Object> m = ModelLoader.map(ModelLoader.readTree(line, file), file);
            if ("warning".equals(m.get("level"))) continue;
            Map<String, String> key = new java.util.LinkedHashMap<>();
            ((Map<String, Object>) m.get("key")).forEach((k, v) -> key.put(k, v == null ? null : v.toString()));
            out.computeIfAbsent(String.valueOf(m.get("entity")), x -> new java.util.HashSet<>()).add(key);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static String text(Map<String, Object> r) {
        StringBuilder sb = new StringBuilder("verify (" + r.get("mode") + ")\n");
        ((Map<String, Map<String, Object>>) r.get("entities")).forEach((name, m) -> sb.append(String.format(
                "  %s: %,d source rows (%,d refused by the mapping, %,d listed by the run's errors), %,d items expected, %,d in the target%s; %,d compared, %,d mismatches%n",
                name, m.get("sourceRows"), m.get("refusedByMapping"), m.get("explainedByRunErrors"), m.get("expectedItems"), m.get("targetItems"),
                Boolean.TRUE.equals(m.get("countsMatch")) ? "" : " (COUNTS DIFFER)", m.get("compared"), m.get("mismatches"))));
        for (Map<String, Object> m : (List<Map<String, Object>>) r.get("listed")) sb.append("  MISMATCH ").append(JsonText.line(m)).append('\n');
        sb.append(Boolean.TRUE.equals(r.get("clean")) ? "clean\n" : r.get("mismatches") + " mismatch(es)\n");
        return sb.toString();
    }
}
