package io.basalt.bench;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A server the harness started as a child process: the ceiling server, DynamoDB Local (through
 * ddblocal.sh) or Basalt (through its launcher). Knows its PID (for /proc measurements), its endpoint,
 * and how long it took from launch to its first answered request. Closing it stops the process and
 * deletes its working directory. A shutdown hook stops whatever is still running if the harness is
 * interrupted.
 */
final class ManagedServer implements AutoCloseable {
    private static final long START_TIMEOUT_MILLIS = 120_000;
    private static final Set<ManagedServer> RUNNING = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (ManagedServer s : RUNNING) s.stopProcess();
        }, "bench-stop-servers"));
    }

    final String label;
    final URI endpoint;
    final long pid;
    final long startupMillis;
    final Path workDir;
    final Path log;

    private ManagedServer(String label, int port, long pid, long startupMillis, Path workDir, Path log) {
        this.label = label;
        this.endpoint = URI.create("http://127.0.0.1:" + port);
        this.pid = pid;
        this.startupMillis = startupMillis;
        this.workDir = workDir;
        this.log = log;
    }

    /** Fails to start a server; the message says why (shown as "not available"). */
    static final class StartFailure extends Exception {
        StartFailure(String message) {
            super(message);
        }
    }

    /** The ceiling server in a child JVM of the same Java and class path as this one. */
    static ManagedServer startCeiling(int itemSize, int ioThreads) throws StartFailure {
        Path dir = tempDir("ceiling");
        int port = freePort();
        String java = ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java");
        List<String> cmd = List.of(java, "-XX:+UseSerialGC", "-Xmx256m", "-cp", System.getProperty("java.class.path"),
                Bench.class.getName(), "serve-ceiling", "--port", Integer.toString(port),
                "--item-size", Integer.toString(itemSize), "--io-threads", Integer.toString(ioThreads));
        return launchDirect("ceiling", cmd, Map.of(), port, dir);
    }

    /** Basalt through its launcher: {@code CMD serve --port P --data-dir DIR} (on disk, durable). */
    static ManagedServer startBasalt(String launcher, Path repoRoot) throws StartFailure {
        if (!Files.isExecutable(Path.of(launcher))) throw new StartFailure(launcher + " not found or not executable");
        // Build first (the launcher builds on first use); building must not count as start-up.
        try {
            Process p = new ProcessBuilder(launcher, "version").directory(repoRoot.toFile())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(15, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new StartFailure(launcher + " version failed (exit " + (p.isAlive() ? "timeout" : p.exitValue()) + ")");
            }
        } catch (IOException e) {
            throw new StartFailure("cannot run " + launcher + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StartFailure("interrupted");
        }
        Path dir = tempDir("basalt");
        int port = freePort();
        List<String> cmd = List.of(launcher, "serve", "--port", Integer.toString(port),
                "--data-dir", dir.resolve("data").toString());
        return launchDirect("basalt", cmd, Map.of(), port, dir);
    }

    /**
     * DynamoDB Local through ddblocal.sh, which prints the server's PID once the port accepts connections.
     * The script polls every 0.5 s, so start-up is timed by this harness's own probe, concurrently.
     */
    static ManagedServer startDynamoDbLocal(String script, boolean inMemory) throws StartFailure {
        if (!Files.isReadable(Path.of(script))) throw new StartFailure(script + " not found");
        Path dir = tempDir(inMemory ? "ddblocal-mem" : "ddblocal-disk");
        int port = freePort();
        String args = inMemory ? "-inMemory" : "-dbPath " + dir.resolve("db");
        if (!inMemory) mkdirs(dir.resolve("db"));
        Path log = dir.resolve("launcher.log");
        ProcessBuilder pb = new ProcessBuilder("bash", script, Integer.toString(port))
                .redirectError(log.toFile());
        pb.environment().put("DDBLOCAL_ARGS", args);
        long launched = System.nanoTime();
        Process launcher;
        try {
            launcher = pb.start();
        } catch (IOException e) {
            throw new StartFailure("cannot run " + script + ": " + e.getMessage());
        }
        long startup;
        try {
            startup = FirstAnswer.await(port, launched, START_TIMEOUT_MILLIS, () -> launcher.isAlive() || portAnswers(port));
        } catch (FirstAnswer.NoAnswer e) {
            launcher.destroyForcibly();
            throw new StartFailure("DynamoDB Local: " + e.getMessage() + "; see " + log);
        }
        try {
            if (!launcher.waitFor(30, TimeUnit.SECONDS)) throw new StartFailure("ddblocal.sh did not exit");
            String out = new String(launcher.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            String[] lines = out.split("\\R");
            long pid = Long.parseLong(lines[lines.length - 1].trim());
            ManagedServer s = new ManagedServer(inMemory ? "ddblocal-mem" : "ddblocal-disk", port, pid, startup, dir, log);
            RUNNING.add(s);
            return s;
        } catch (IOException | NumberFormatException e) {
            throw new StartFailure("ddblocal.sh did not print a PID: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StartFailure("interrupted");
        }
    }

    private static boolean portAnswers(int port) {
        try {
            FirstAnswer.ask(port);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Launches a process that is the server itself (launchers that exec java keep the PID). */
    private static ManagedServer launchDirect(String label, List<String> cmd, Map<String, String> env, int port, Path dir)
            throws StartFailure {
        Path log = dir.resolve("server.log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        long launched = System.nanoTime();
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new StartFailure("cannot run " + cmd.get(0) + ": " + e.getMessage());
        }
        try {
            long startup = FirstAnswer.await(port, launched, START_TIMEOUT_MILLIS, p::isAlive);
            ManagedServer s = new ManagedServer(label, port, p.pid(), startup, dir, log);
            RUNNING.add(s);
            return s;
        } catch (FirstAnswer.NoAnswer e) {
            p.destroyForcibly();
            throw new StartFailure(label + ": " + e.getMessage() + "; log: " + tail(log));
        }
    }

    ProcessProbe probe() {
        return new ProcessProbe(pid);
    }

    @Override
    public void close() {
        stopProcess();
        RUNNING.remove(this);
        deleteTree(workDir);
    }

    private void stopProcess() {
        ProcessHandle.of(pid).ifPresent(h -> {
            h.destroy();
            try {
                h.onExit().get(15, TimeUnit.SECONDS);
            } catch (Exception e) {
                h.destroyForcibly();
            }
        });
    }

    static int freePort() throws StartFailure {
        try (ServerSocket s = new ServerSocket(0)) {
            s.setReuseAddress(true);
            return s.getLocalPort();
        } catch (IOException e) {
            throw new StartFailure("no free port: " + e.getMessage());
        }
    }

    private static Path tempDir(String name) throws StartFailure {
        try {
            return Files.createTempDirectory("basalt-bench-" + name + "-");
        } catch (IOException e) {
            throw new StartFailure("cannot create a temporary directory: " + e.getMessage());
        }
    }

    private static void mkdirs(Path p) throws StartFailure {
        try {
            Files.createDirectories(p);
        } catch (IOException e) {
            throw new StartFailure("cannot create " + p + ": " + e.getMessage());
        }
    }

    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }

    private static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) return;
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> paths = new ArrayList<>(walk.sorted(Comparator.reverseOrder()).toList());
            for (Path p : paths) {
                File f = p.toFile();
                if (!f.delete()) f.deleteOnExit();
            }
        } catch (IOException e) {
            // best effort
        }
    }
}
