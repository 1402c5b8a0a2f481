package io.basalt.server.auth;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keys of an auth file, looked up by access key id. The file is looked at again at most once a
 * second (its modification time and size): a running server picks up added or removed users
 * without a restart. A file that no longer reads keeps the previous keys in force, with a warning.
 * Secrets never reach a log.
 */
public final class CredentialStore {
    private static final Logger LOG = LoggerFactory.getLogger(CredentialStore.class);
    private static final long RECHECK_NANOS = 1_000_000_000L;

    /** One access key and whose it is. */
    public record Key(String accessKeyId, String secretAccessKey, String sessionToken, String userName, String accountId,
                      AuthFile.User user) {}

    private record Snapshot(Map<String, Key> keys, AuthFile file, Object stamp) {}

    private final Path path;
    private volatile Snapshot current;
    private volatile long checkedAt;

    private CredentialStore(Path path, Snapshot first) {
        this.path = path;
        this.current = first;
        this.checkedAt = System.nanoTime();
    }

    /** Loads the file; a missing or unreadable file is an error (the server does not start). */
    public static CredentialStore open(Path path) throws IOException {
        return new CredentialStore(path, load(path));
    }

    /** A store over keys given directly (tests, embedders). */
    public static CredentialStore of(AuthFile file) {
        return new CredentialStore(null, snapshot(file, null));
    }

    private static Snapshot load(Path path) throws IOException {
        Object stamp = stamp(path);
        return snapshot(AuthFile.read(path), stamp);
    }

    private static Snapshot snapshot(AuthFile file, Object stamp) {
        Map<String, Key> keys = new HashMap<>();
        for (AuthFile.User u : file.users()) {
            for (AuthFile.AccessKey k : u.accessKeys()) {
                keys.put(k.accessKeyId(), new Key(k.accessKeyId(), k.secretAccessKey(), k.sessionToken(), u.name(), u.account(), u));
            }
        }
        return new Snapshot(Map.copyOf(keys), file, stamp);
    }

    private static Object stamp(Path path) throws IOException {
        BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
        return a.lastModifiedTime().toMillis() + ":" + a.size() + ":" + a.fileKey();
    }

    /** The key with this id, or null when the file holds none. */
    public Key find(String accessKeyId) {
        refreshIfDue();
        return current.keys().get(accessKeyId);
    }

    /** The accounts that exist: those the file declares and those its users belong to. */
    public java.util.Set<String> accounts() {
        AuthFile f = file();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (AuthFile.Account a : f.accounts()) ids.add(a.id());
        for (AuthFile.User u : f.users()) ids.add(u.account());
        return ids;
    }

    /** The file as last read. */
    public AuthFile file() {
        refreshIfDue();
        return current.file();
    }

    private void refreshIfDue() {
        if (path == null) return;
        long now = System.nanoTime();
        if (now - checkedAt < RECHECK_NANOS) return;
        synchronized (this) {
            if (now - checkedAt < RECHECK_NANOS) return;
            checkedAt = now;
            try {
                Object stamp = stamp(path);
                if (stamp.equals(current.stamp())) return;
                current = load(path);
                LOG.info("Auth file {} reloaded: {} users, {} access keys", path, current.file().users().size(), current.keys().size());
            } catch (IOException | RuntimeException e) {
                LOG.warn("Auth file {} could not be read; the keys read before stay in force: {}", path, e.getMessage());
            }
        }
    }
}
