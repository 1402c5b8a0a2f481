package io.basalt.engine.transfer;

import io.basalt.engine.PrivateFiles;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Buckets as directories under one root (the server's {@code --export-root}): bucket B is
 * {@code ROOT/B}, object key K is the file {@code ROOT/B/K}. A file is written under a temporary
 * name and renamed when complete; files are 0600 and directories 0700 ({@link PrivateFiles}).
 *
 * <p>Symbolic links are never followed below the root: a bucket, a directory or an object that is
 * a link is refused, and every file read or written must lie, by its real path, inside its bucket.
 *
 * <p>Every bucket belongs to an account ({@link BucketOwners}): acting for a caller
 * ({@link #actingFor}), the store refuses, as S3 refuses a bucket of another account, a bucket
 * another account owns or whose owner is not the S3BucketOwner the request expects.
 */
public final class LocalDirectoryStore implements ObjectStore {
    private final Path root;
    private final Caller caller;
    private final BucketOwners owners;

    public LocalDirectoryStore(Path root) {
        this(root.toAbsolutePath().normalize(), null);
    }

    private LocalDirectoryStore(Path root, Caller caller) {
        this.root = root;
        this.caller = caller;
        this.owners = new BucketOwners(root);
    }

    @Override
    public ObjectStore actingFor(Caller caller) {
        return new LocalDirectoryStore(root, caller);
    }

    /** The bucket's directory (not checked for existence); a name that cannot be a bucket is NoSuchBucket. */
    private Path bucketDir(String bucket) throws IOException {
        Path dir = root.resolve(bucket).normalize();
        if (bucket.isEmpty() || bucket.startsWith(".") || !dir.startsWith(root) || dir.equals(root) || !dir.getParent().equals(root)) {
            throw noSuchBucket();
        }
        return dir;
    }

    /**
     * The bucket's directory for reading: it must exist and be a directory, not a link, and the
     * caller must be allowed to use it.
     */
    private Path existingBucket(String bucket) throws IOException {
        Path dir = bucketDir(bucket);
        BasicFileAttributes a = attributes(dir);
        if (a == null) throw noSuchBucket();
        if (a.isSymbolicLink()) throw new IOException(link(dir));
        if (!a.isDirectory()) throw noSuchBucket();
        if (caller != null) owners.check(bucket, caller, false);
        return dir;
    }

    /** The bucket's directory for writing: created (and its owner recorded) by the first write. */
    private Path writableBucket(String bucket) throws IOException {
        Path dir = bucketDir(bucket);
        BasicFileAttributes a = attributes(dir);
        if (a != null && a.isSymbolicLink()) throw new IOException(link(dir));
        if (a != null && !a.isDirectory()) throw noSuchBucket();
        if (caller != null) owners.check(bucket, caller, true);
        if (a == null) {
            PrivateFiles.createDirectories(dir);
            if (Files.isSymbolicLink(dir)) throw new IOException(link(dir));
        }
        return dir;
    }

    private Path file(Path bucketDir, String key) throws IOException {
        Path f = bucketDir.resolve(key).normalize();
        if (!f.startsWith(bucketDir) || f.equals(bucketDir)) throw new IOException("Key " + key + " leaves its bucket");
        return f;
    }

    /** Refuses a link among the directories from {@code bucketDir} down to {@code dir}, creating the missing ones 0700. */
    private static void directories(Path bucketDir, Path dir, boolean create) throws IOException {
        Path at = bucketDir;
        for (Path part : bucketDir.relativize(dir)) {
            if (part.toString().isEmpty()) continue;
            at = at.resolve(part);
            BasicFileAttributes a = attributes(at);
            if (a == null) {
                if (!create) return;
                PrivateFiles.createDirectories(at);
                a = attributes(at);
            }
            if (a == null || a.isSymbolicLink()) throw new IOException(link(at));
            if (!a.isDirectory()) throw new IOException(at + " is not a directory");
        }
    }

    /** Refuses a file whose real path is not inside its bucket's (a link the checks above raced with). */
    private static void contained(Path bucketDir, Path f) throws IOException {
        if (!f.toRealPath().startsWith(bucketDir.toRealPath())) throw new IOException(f + " leaves its bucket");
    }

    @Override
    public Upload create(String bucket, String key) throws IOException {
        Path dir = writableBucket(bucket);
        Path target = file(dir, key);
        directories(dir, target.getParent(), true);
        BasicFileAttributes existing = attributes(target);
        if (existing != null && existing.isSymbolicLink()) throw new IOException(link(target));
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        MessageDigest md5 = md5();
        OutputStream file = PrivateFiles.newOutputStream(partial, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
        contained(dir, partial);
        OutputStream out = new DigestOutputStream(file, md5);
        return new Upload() {
            private final OutputStream sink = new FilterOutputStream(out);
            private String etag;

            @Override public void write(int b) throws IOException { out.write(b); }
            @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }

            @Override
            public void close() throws IOException {
                if (etag != null) return;
                sink.close();
                // a rename replaces a link at the target itself, never what it points to
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
                etag = HexFormat.of().formatHex(md5.digest());
            }

            @Override public String etag() { return etag; }
        };
    }

    @Override
    public InputStream open(String bucket, String key) throws IOException {
        Path dir = existingBucket(bucket);
        Path f = file(dir, key);
        directories(dir, f.getParent(), false);
        BasicFileAttributes a = attributes(f);
        if (a != null && a.isSymbolicLink()) throw new IOException(link(f));
        InputStream in = Channels.newInputStream(Files.newByteChannel(f, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS));
        try {
            contained(dir, f);
        } catch (IOException e) {
            in.close();
            throw e;
        }
        return in;
    }

    @Override
    public List<ObjectInfo> list(String bucket, String prefix) throws IOException {
        Path dir = existingBucket(bucket);
        String p = prefix == null ? "" : prefix;
        List<ObjectInfo> out = new ArrayList<>();
        try (Stream<Path> all = Files.walk(dir)) { // walk does not follow links
            for (Path f : (Iterable<Path>) all::iterator) {
                if (f.equals(dir)) continue;
                String key = dir.relativize(f).toString().replace('\\', '/');
                BasicFileAttributes a = attributes(f);
                if (a == null) continue;
                if (a.isSymbolicLink()) {
                    // a link under the prefix (or a directory link the prefix runs through) fails the import
                    if (key.startsWith(p) || p.startsWith(key + "/")) throw new IOException(link(f));
                    continue;
                }
                if (a.isRegularFile() && key.startsWith(p) && !key.endsWith(".partial")) out.add(new ObjectInfo(key, a.size()));
            }
        }
        out.sort(java.util.Comparator.comparing(ObjectInfo::key));
        return out;
    }

    @Override
    public void checkWritable(String bucket) throws IOException {
        writableBucket(bucket);
    }

    @Override
    public String describe() {
        return root.toString();
    }

    /** A path's own attributes (a link's, not its target's), or null when there is nothing there. */
    private static BasicFileAttributes attributes(Path p) throws IOException {
        try {
            return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (java.nio.file.NoSuchFileException none) {
            return null;
        }
    }

    private static String link(Path p) {
        return p + " is a symbolic link: Basalt does not follow links in the export root";
    }

    static ObjectStoreException noSuchBucket() {
        return new ObjectStoreException(ObjectStoreException.Kind.NO_SUCH_BUCKET, "The specified bucket does not exist", null);
    }

    static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
