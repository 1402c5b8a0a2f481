package io.basalt.differential;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The long run and the recording ({@code ./basalt differential}, docs/differential.md): replays a
 * seed's sequence against an in-process Basalt (or --basalt URL) and DynamoDB Local (--reference URL,
 * or started here with ddblocal.sh on a free port), writes the report, optionally records the
 * expected answers for the suite's fixed-seed test.
 *
 * <pre>
 *   --seed N          sequence seed (default 1)
 *   --seconds S       stop after S seconds (default 60)
 *   --requests N      stop after N requests (default unlimited)
 *   --reference URL   a running DynamoDB Local (default: start one with --ddblocal)
 *   --ddblocal PATH   the ddblocal.sh script (default ../shared/tools/ddblocal.sh)
 *   --basalt URL      a running Basalt (default: one in memory, in this JVM)
 *   --known FILE      known differences (default src/test/resources/differential/known-differences.json)
 *   --report DIR      report directory (default target/differential)
 *   --record FILE     write the expected answers (the suite's recorded file)
 * </pre>
 */
public final class DifferentialMain {
    private DifferentialMain() {}

    public static void main(String[] args) throws Exception {
        long seed = 1;
        long seconds = 60;
        int requests = Integer.MAX_VALUE;
        String reference = null, basaltUrl = null, record = null;
        Path ddblocal = Path.of("../shared/tools/ddblocal.sh");
        Path known = Path.of("src/test/resources/differential/known-differences.json");
        Path reportDir = Path.of("target/differential");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            String val = i + 1 < args.length ? args[i + 1] : null;
            switch (a) {
                case "--seed" -> seed = Long.parseLong(val);
                case "--seconds" -> seconds = Long.parseLong(val);
                case "--requests" -> requests = Integer.parseInt(val);
                case "--reference" -> reference = val;
                case "--ddblocal" -> ddblocal = Path.of(val);
                case "--basalt" -> basaltUrl = val;
                case "--known" -> known = Path.of(val);
                case "--report" -> reportDir = Path.of(val);
                case "--record" -> record = val;
                default -> {
                    System.err.println("differential: unknown argument " + a + " (see docs/differential.md)");
                    System.exit(2);
                }
            }
            i++;
        }
        ProcessHandle ddb = null;
        Basalt basalt = null;
        try {
            if (reference == null) {
                int port = freePort();
                ddb = startDdbLocal(ddblocal, port);
                reference = "http://127.0.0.1:" + port;
            }
            if (basaltUrl == null) {
                basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort());
                basaltUrl = basalt.endpoint().toString();
            }
            try (WireClient b = new WireClient(URI.create(basaltUrl)); WireClient r = new WireClient(URI.create(reference));
                 DifferenceReport report = new DifferenceReport(reportDir)) {
                report.describe("seed " + seed + ", Basalt " + basaltUrl + " against " + reference);
                DifferentialRun run = new DifferentialRun(b, Reference.live(r), KnownDifferences.load(known), report);
                if (record != null) run.recordTo(Path.of(record));
                DifferentialRun.Outcome o = run.run(new RequestGenerator(seed),
                        System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds), requests);
                report.finish(o);
                System.out.printf("differential: %d requests, %d identical, %d known differences, %d unknown (%d groups); report in %s%n",
                        o.requests(), o.identical(), o.known(), o.unknown(), report.unknownGroups().size(), reportDir.resolve("summary.md"));
                report.unknownGroups().forEach((k, n) -> System.out.println("  " + n + "\t" + k));
                if (o.unknown() > 0) System.exit(1);
            }
        } finally {
            if (basalt != null) basalt.close();
            if (ddb != null) ddb.destroy();
        }
    }

    private static int freePort() throws Exception {
        try (var s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Starts DynamoDB Local with ddblocal.sh; the script prints the server's PID. */
    private static ProcessHandle startDdbLocal(Path script, int port) throws Exception {
        if (!Files.isExecutable(script))
            throw new IllegalStateException(script + " not found: pass --reference URL or --ddblocal PATH");
        Process p = new ProcessBuilder(script.toString(), String.valueOf(port)).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String pid;
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            pid = r.readLine();
        }
        if (p.waitFor() != 0 || pid == null) throw new IllegalStateException("ddblocal.sh failed");
        ProcessHandle h = ProcessHandle.of(Long.parseLong(pid.trim())).orElseThrow();
        Runtime.getRuntime().addShutdownHook(new Thread(h::destroy));
        return h;
    }
}
