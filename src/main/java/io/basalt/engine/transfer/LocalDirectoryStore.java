package io.basalt.engine.transfer;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Buckets as directories under one root (the server's {@code --export-root}): bucket B is
 * {@code ROOT/B} (created by the first write; a bucket name cannot leave the root), object key K is
 * the file {@code ROOT/B/K}. A file is written under a temporary name and renamed when complete.
 */
public final class LocalDirectoryStore implements ObjectStore {
    private final Path root;

    public LocalDirectoryStore(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    private Path bucket(String bucket) throws IOException {
        Path dir = root.resolve(bucket).normalize();
        if (!dir.startsWith(root) || dir.equals(root) || !dir.getParent().equals(root)) {
            throw new ObjectStoreException(ObjectStoreException.Kind.NO_SUCH_BUCKET, "The specified bucket does not exist", null);
        }
        return dir;
    }

    private Path file(String bucket, String key) throws IOException {
        Path dir = bucket(bucket);
        Path f = dir.resolve(key).normalize();
        if (!f.startsWith(dir) || f.equals(dir)) throw new IOException("Key " + key + " leaves its bucket");
        return f;
    }

    @Override
    public Upload create(String bucket, String key) throws IOException {
        Path target = file(bucket, key);
        Files.createDirectories(target.getParent());
        Path partial = target.resolveSibling(target.getFileName() + ".partial");
        MessageDigest md5 = md5();
        OutputStream out = new DigestOutputStream(Files.newOutputStream(partial), md5);
        return new Upload() {
            private final OutputStream sink = new FilterOutputStream(out);
            private String etag;

            @Override public void write(int b) throws IOException { out.write(b); }
            @Override public void write(byte[] b, int off, int len) throws IOException { out.write(b, off, len); }

            @Override
            public void close() throws IOException {
                if (etag != null) return;
                sink.close();
                Files.move(partial, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                etag = HexFormat.of().formatHex(md5.digest());
            }

            @Override public String etag() { return etag; }
        };
    }

    @Override
    public InputStream open(String bucket, String key) throws IOException {
        return Files.newInputStream(file(bucket, key));
    }

    @Override
    public List<ObjectInfo> list(String bucket, String prefix) throws IOException {
        Path dir = bucket(bucket);
        if (!Files.isDirectory(dir)) {
            throw new ObjectStoreException(ObjectStoreException.Kind.NO_SUCH_BUCKET, "The specified bucket does not exist", null);
        }
        String p = prefix == null ? "" : prefix;
        List<ObjectInfo> out = new ArrayList<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path f : (Iterable<Path>) all.filter(Files::isRegularFile)::iterator) {
                String key = dir.relativize(f).toString().replace('\\', '/');
                if (key.startsWith(p) && !key.endsWith(".partial")) out.add(new ObjectInfo(key, Files.size(f)));
            }
        }
        out.sort(java.util.Comparator.comparing(ObjectInfo::key));
        return out;
    }

    @Override
    public void checkWritable(String bucket) throws IOException {
        Files.createDirectories(bucket(bucket));
    }

    @Override
    public String describe() {
        return root.toString();
    }

    static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
