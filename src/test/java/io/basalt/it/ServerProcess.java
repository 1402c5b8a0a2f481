package io.basalt.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Basalt server in a child JVM (same java, same classpath as the tests), on a free port, so tests
 * can kill it with SIGKILL and restart it on the same data directory.
 */
public final class ServerProcess implements AutoCloseable {
    private static final Pattern PORT = Pattern.compile("(?:listening on|endpoint) .*?:(\\d+)", Pattern.CASE_INSENSITIVE);

    private final Process process;
    private final int port;
    private final List<String> output = new ArrayList<>();

    private List<String> lines = List.of();

    private ServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** What the server printed so far. */
    public List<String> output() {
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    /** Starts {@code basalt serve --data-dir dir --port 0} and waits until it reports its port. */
    public static ServerProcess start(Path dataDir, String... extraArgs) throws IOException, InterruptedException {
        return start(List.of(), dataDir, extraArgs);
    }

    /** As {@link #start(Path, String...)}, the server's process started with the file-creation mask {@code umask} (e.g. "022"). */
    public static ServerProcess startWithUmask(String umask, Path dataDir, String... extraArgs) throws IOException, InterruptedException {
        return start(List.of("sh", "-c", "umask " + umask + " && exec \"$@\"", "sh"), dataDir, extraArgs);
    }

    private static ServerProcess start(List<String> launcher, Path dataDir, String... extraArgs) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(launcher);
        cmd.addAll(List.of(java, "-Xmx512m",
                // a request answered 5xx because of the store is logged with its cause (target/server-logs)
                "-Dorg.slf4j.simpleLogger.log.io.basalt.server.http.RequestDispatcher=debug", "-cp", System.getProperty("java.class.path"),
                "io.basalt.cli.Main", "serve", "--port", "0", "--data-dir", dataDir.toString()));
        cmd.addAll(List.of(extraArgs));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        BufferedReader reader = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Integer> port = new CompletableFuture<>();
        List<String> lines = new ArrayList<>();
        // the output is kept for the test and written beside the reports, to read after a failed run
        Path logs = Path.of("target", "server-logs");
        Files.createDirectories(logs);
        Path log = logs.resolve("server-" + p.pid() + ".log");
        Thread pump = new Thread(() -> {
            try (var file = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
                String line;
                while ((line = reader.readLine()) != null) {
                    synchronized (lines) { lines.add(line); }
                    file.write(line);
                    file.newLine();
                    file.flush();
                    Matcher m = PORT.matcher(line);
                    if (!port.isDone() && m.find()) port.complete(Integer.parseInt(m.group(1)));
                }
            } catch (IOException ignored) {
                // the process died; the waiter below reports it
            } finally {
                port.completeExceptionally(new IllegalStateException("server exited: " + lines));
            }
        }, "server-output");
        pump.setDaemon(true);
        pump.start();
        try {
            // generous: on a loaded machine a server on a 3-node Cassandra first checks its keyspace's schema
            ServerProcess sp = new ServerProcess(p, port.get(180, TimeUnit.SECONDS));
            sp.lines = lines;
            return sp;
        } catch (Exception e) {
            p.destroyForcibly();
            throw new IllegalStateException("server did not start: " + lines, e);
        }
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + port);
    }

    public int port() {
        return port;
    }

    public long pid() {
        return process.pid();
    }

    /** SIGKILL: no shutdown hooks, no flushing. */
    public void kill9() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
