package io.basalt.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Files and directories only the server's user may read: directories 0700, files 0600, set
 * explicitly after creation so the process's umask does not matter (the auth file and control
 * socket are made the same way). Links are never followed. On a file system without POSIX
 * permissions (Windows) the permissions of the enclosing directory apply.
 */
public final class PrivateFiles {
    public static final Set<PosixFilePermission> DIRECTORY = PosixFilePermissions.fromString("rwx------");
    public static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");

    private PrivateFiles() {}

    /** Creates the missing directories of {@code dir}, each 0700 (existing ones are left as they are). */
    public static void createDirectories(Path dir) throws IOException {
        Path abs = dir.toAbsolutePath().normalize();
        if (Files.isDirectory(abs)) return;
        Path parent = abs.getParent();
        if (parent != null) createDirectories(parent);
        try {
            Files.createDirectory(abs, attribute(DIRECTORY));
        } catch (FileAlreadyExistsException raced) {
            if (!Files.isDirectory(abs)) throw raced;
            return;
        }
        restrict(abs);
    }

    /** Opens {@code file} for writing (created if missing, never through a link), made 0600 first. */
    public static OutputStream newOutputStream(Path file, OpenOption... options) throws IOException {
        Set<OpenOption> opts = new java.util.HashSet<>(Set.of(options));
        if (opts.isEmpty()) opts.addAll(Set.of(StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING));
        opts.add(StandardOpenOption.WRITE);
        opts.add(LinkOption.NOFOLLOW_LINKS);
        boolean existed = Files.exists(file, LinkOption.NOFOLLOW_LINKS);
        var channel = Files.newByteChannel(file, opts, attribute(FILE));
        try {
            restrict(file);
        } catch (IOException e) {
            // a file of another user the server may write (an operator's log file) keeps the mode it was given
            if (!existed) {
                channel.close();
                throw e;
            }
        }
        return Channels.newOutputStream(channel);
    }

    /** Makes a directory 0700 or a file 0600 (a link is left alone). */
    public static void restrict(Path p) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
        if (view == null) return;
        BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (a.isSymbolicLink()) return;
        try {
            view.setPermissions(a.isDirectory() ? DIRECTORY : FILE);
        } catch (UnsupportedOperationException notPosix) {
            // the enclosing directory's permissions guard it
        }
    }

    /**
     * Makes {@code dir} and everything under it private (directories 0700, files 0600), links
     * not followed: for a directory whose files another library creates with the umask's mode
     * (RocksDB's data directory).
     */
    public static void restrictTree(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) return;
        IOException first = null;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                try {
                    restrict(p);
                } catch (java.nio.file.NoSuchFileException gone) {
                    // removed meanwhile (a compaction's input)
                } catch (IOException e) {
                    if (first == null) first = e; // the others are still made private
                }
            }
        } catch (java.io.UncheckedIOException walkRaced) {
            if (!(walkRaced.getCause() instanceof java.nio.file.NoSuchFileException)) throw walkRaced.getCause();
        }
        if (first != null) throw first;
    }

    private static FileAttribute<?>[] attribute(Set<PosixFilePermission> perms) {
        return java.nio.file.FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(perms)} : new FileAttribute<?>[0];
    }
}
