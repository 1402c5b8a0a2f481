package io.basalt.cli;

import io.basalt.StoreBackup;
import io.basalt.storage.rocksdb.RocksStorage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Whole-store backups: {@code basalt backup --data-dir D --to DIR} (a RocksDB checkpoint of the store
 * plus its on-demand backups, with a SHA-256 manifest: {@link StoreBackup}; written here from a
 * stopped store, or by the server that holds the store, asked through its control socket),
 * {@code basalt backup verify DIR}, and {@code basalt restore --from DIR --data-dir D [--force]}.
 *
 * <p>Layout of DIR: {@code store/} (a complete data directory) and {@code MANIFEST.sha256} (one
 * "digest  path" line per file of {@code store/}, paths relative to DIR).
 */
final class BackupCommand {
    static final String MANIFEST = StoreBackup.MANIFEST;
    private static final String STORE = StoreBackup.STORE;

    private BackupCommand() {}

    static int backup(List<String> args, PrintStream out, PrintStream err) {
        if (!args.isEmpty() && args.get(0).equals("verify")) {
            if (args.size() != 2) return usage(err);
            return verify(Path.of(args.get(1)), out, err);
        }
        Map<String, String> o = options(args);
        if (o == null || o.get("--data-dir") == null || o.get("--to") == null) return usage(err);
        Path data = Path.of(o.get("--data-dir")), to = Path.of(o.get("--to"));
        if (!Files.isDirectory(data)) {
            err.println("basalt backup: no store in " + data);
            return 1;
        }
        try {
            if (Files.exists(to) && !isEmpty(to)) {
                err.println("basalt backup: " + to + " is not empty");
                return 1;
            }
            if (Files.exists(io.basalt.server.control.ControlService.socketOf(data))) {
                // a server holds the store: it writes the backup itself, from the open store
                String answer;
                try {
                    answer = io.basalt.server.control.ControlService.request(data, "backup " + to.toAbsolutePath().normalize());
                } catch (IOException noServer) {
                    answer = null; // a socket left by a killed server: the store is free, back it up here
                }
                if (answer != null) {
                    if (!answer.startsWith("ok ")) {
                        err.println("basalt backup: the server running on " + data + " answered: " + answer);
                        return 1;
                    }
                    out.println("basalt backup: " + answer.substring(3) + " in " + to + " (written by the running server)");
                    return 0;
                }
            }
            StoreBackup.Written w;
            try (RocksStorage s = RocksStorage.open(data, RocksStorage.Settings.withCache(8L << 20))) {
                w = StoreBackup.write(s::checkpoint, data, to);
            } catch (IllegalStateException e) {
                err.println("basalt backup: cannot open the store in " + data + ": " + e.getMessage());
                return 1;
            }
            out.println("basalt backup: " + w.files() + " files, " + w.bytes() + " bytes in " + to);
            return 0;
        } catch (IOException e) {
            err.println("basalt backup: " + e.getMessage());
            return 1;
        }
    }

    static int verify(Path dir, PrintStream out, PrintStream err) {
        try {
            Path manifest = dir.resolve(MANIFEST);
            if (!Files.isRegularFile(manifest)) {
                err.println("basalt backup verify: no " + MANIFEST + " in " + dir);
                return 1;
            }
            Map<String, String> expected = new LinkedHashMap<>();
            for (String line : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
                int sep = line.indexOf("  ");
                if (sep > 0) expected.put(line.substring(sep + 2), line.substring(0, sep));
            }
            int bad = 0;
            for (Map.Entry<String, String> e : expected.entrySet()) {
                Path f = dir.resolve(e.getKey());
                if (!Files.isRegularFile(f)) {
                    err.println("missing: " + e.getKey());
                    bad++;
                } else if (!StoreBackup.sha256(f).equals(e.getValue())) {
                    err.println("damaged: " + e.getKey());
                    bad++;
                }
            }
            for (Path f : StoreBackup.files(dir.resolve(STORE))) {
                String rel = dir.relativize(f).toString().replace('\\', '/');
                if (!expected.containsKey(rel)) {
                    err.println("not in the manifest: " + rel);
                    bad++;
                }
            }
            if (bad > 0) {
                err.println("basalt backup verify: " + bad + " problem(s) in " + dir);
                return 1;
            }
            out.println("basalt backup verify: OK, " + expected.size() + " files match " + MANIFEST);
            return 0;
        } catch (IOException e) {
            err.println("basalt backup verify: " + e.getMessage());
            return 1;
        }
    }

    static int restore(List<String> args, PrintStream out, PrintStream err) {
        Map<String, String> o = options(args);
        if (o == null || o.get("--from") == null || o.get("--data-dir") == null) return usage(err);
        Path from = Path.of(o.get("--from")), data = Path.of(o.get("--data-dir"));
        if (verify(from, out, err) != 0) {
            err.println("basalt restore: the backup does not verify; nothing was changed");
            return 1;
        }
        try {
            if (Files.exists(data) && !isEmpty(data)) {
                if (!o.containsKey("--force")) {
                    err.println("basalt restore: " + data + " is not empty (stop the server; --force replaces what it holds)");
                    return 1;
                }
                deleteTree(data);
            }
            StoreBackup.copyTree(from.resolve(STORE), data);
            out.println("basalt restore: " + data + " now holds the store backed up in " + from);
            return 0;
        } catch (IOException e) {
            err.println("basalt restore: " + e.getMessage());
            return 1;
        }
    }

    private static int usage(PrintStream err) {
        err.println("usage: basalt backup --data-dir D --to DIR | basalt backup verify DIR | "
                + "basalt restore --from DIR --data-dir D [--force]");
        return 2;
    }

    /** "--name value" pairs and "--force"; null on anything else. */
    private static Map<String, String> options(List<String> args) {
        Map<String, String> o = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("--force")) o.put(a, "");
            else if (a.startsWith("--") && i + 1 < args.size()) o.put(a, args.get(++i));
            else return null;
        }
        return o;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!p.equals(dir)) Files.delete(p);
            }
        }
    }

}
