package io.basalt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A whole-store backup: a RocksDB checkpoint of the store (consistent: one moment of every table,
 * index, stream and the catalog) plus the files of its on-demand backups, with a SHA-256 manifest.
 * Written by {@code basalt backup} from a stopped store, or by the running server itself when asked
 * through its control socket (the store is locked while a server holds it).
 *
 * <p>Layout of the target directory: {@code store/} (a complete data directory) and
 * {@code MANIFEST.sha256} (one "digest  path" line per file of {@code store/}, paths relative to it).
 */
public final class StoreBackup {
    public static final String MANIFEST = "MANIFEST.sha256";
    public static final String STORE = "store";

    /** What a backup wrote. */
    public record Written(int files, long bytes) {}

    private StoreBackup() {}

    /**
     * Writes a backup of the store in {@code dataDir} into the empty or missing directory {@code to}.
     *
     * @param checkpoint makes a checkpoint of the open store in the directory it is given
     */
    public static Written write(Consumer<Path> checkpoint, Path dataDir, Path to) throws IOException {
        if (Files.exists(to) && !isEmpty(to)) throw new IOException(to + " is not empty");
        Path store = to.resolve(STORE);
        Files.createDirectories(to);
        checkpoint.accept(store);
        // on-demand backups are files beside the store; those deleted meanwhile are left out, and one
        // still being written stays CREATING in the checkpoint's catalog
        Path backups = dataDir.resolve(Basalt.BACKUPS_DIR);
        if (Files.isDirectory(backups)) copyTree(backups, store.resolve(Basalt.BACKUPS_DIR));
        List<String> lines = new ArrayList<>();
        long bytes = 0;
        for (Path f : files(store)) {
            lines.add(sha256(f) + "  " + to.relativize(f).toString().replace('\\', '/'));
            bytes += Files.size(f);
        }
        Files.write(to.resolve(MANIFEST), lines, StandardCharsets.UTF_8);
        return new Written(lines.size(), bytes);
    }

    static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    public static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }

    /** Copies a directory tree; files and directories that disappear while it copies are left out. */
    public static void copyTree(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new java.nio.file.SimpleFileVisitor<>() {
            @Override
            public java.nio.file.FileVisitResult preVisitDirectory(Path dir, java.nio.file.attribute.BasicFileAttributes a) throws IOException {
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFile(Path file, java.nio.file.attribute.BasicFileAttributes a) throws IOException {
                try {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.REPLACE_EXISTING);
                } catch (NoSuchFileException gone) {
                    // deleted while copying (a backup deleted meanwhile)
                }
                return java.nio.file.FileVisitResult.CONTINUE;
            }

            @Override
            public java.nio.file.FileVisitResult visitFileFailed(Path file, IOException e) throws IOException {
                if (e instanceof NoSuchFileException) return java.nio.file.FileVisitResult.CONTINUE; // gone meanwhile
                throw e;
            }
        });
    }

    public static String sha256(Path f) throws IOException {
        try (InputStream in = Files.newInputStream(f)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) md.update(buf, 0, n);
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
