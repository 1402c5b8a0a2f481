package io.basalt.engine.transfer;

import io.basalt.engine.PrivateFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Who owns each bucket of a local export root: the file {@code ROOT/.basalt-owners/B} holds the
 * 12-digit account id owning bucket B (a bucket name cannot start with a dot, so this directory is
 * never a bucket). The first account to use a bucket without a record (creating it with an export,
 * or using a directory an operator or an older Basalt made) becomes its owner, recorded durably
 * before anything is written or read; an operator gives a bucket to an account by writing its
 * record first (docs/backups.md).
 */
final class BucketOwners {
    static final String DIRECTORY = ".basalt-owners";
    private static final java.util.regex.Pattern ACCOUNT = java.util.regex.Pattern.compile("\\d{12}");

    private final Path dir;

    BucketOwners(Path root) {
        this.dir = root.resolve(DIRECTORY);
    }

    /**
     * Refuses the caller a bucket another account owns, or whose owner is not the S3BucketOwner it
     * expects, with S3's AccessDenied; records the caller as the owner of a bucket nobody owns yet.
     */
    void check(String bucket, ObjectStore.Caller caller, boolean forWrite) throws IOException {
        String owner = owner(bucket);
        if (owner == null) {
            // a bucket the caller would create for another owner than the one it expects is refused before it exists
            if (caller.expectedOwner() != null && !caller.expectedOwner().equals(caller.account())) throw denied();
            owner = claim(bucket, caller.account());
        }
        if (!owner.equals(caller.account())) throw denied();
        if (caller.expectedOwner() != null && !caller.expectedOwner().equals(owner)) throw denied();
    }

    private static ObjectStoreException denied() {
        return ObjectStoreException.accessDenied("Access Denied");
    }

    /** The recorded owner, or null when there is no record. */
    String owner(String bucket) throws IOException {
        Path record = dir.resolve(bucket);
        if (Files.isSymbolicLink(dir)) throw new IOException(dir + " is a symbolic link: Basalt does not follow links in the export root");
        try (InputStream in = Channels.newInputStream(Files.newByteChannel(record, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS))) {
            String text = new String(in.readNBytes(64), StandardCharsets.US_ASCII).trim();
            if (!ACCOUNT.matcher(text).matches()) throw new IOException(record + " does not hold a 12-digit account id");
            return text;
        } catch (NoSuchFileException none) {
            return null;
        }
    }

    /** Records {@code account} as the owner unless another took the bucket first; returns the owner. */
    private String claim(String bucket, String account) throws IOException {
        PrivateFiles.createDirectories(dir);
        Path record = dir.resolve(bucket);
        Path tmp = dir.resolve("." + bucket + "." + Long.toHexString(System.nanoTime()) + ".tmp");
        try (OutputStream out = PrivateFiles.newOutputStream(tmp, StandardOpenOption.CREATE_NEW)) {
            out.write((account + "\n").getBytes(StandardCharsets.US_ASCII));
        }
        try (var ch = java.nio.channels.FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            ch.force(true); // durable before the bucket is used
        }
        try {
            // a hard link is atomic and fails when the record exists: the first claim wins
            Files.createLink(record, tmp);
        } catch (FileAlreadyExistsException taken) {
            return owner(bucket);
        } catch (UnsupportedOperationException noHardLinks) {
            try {
                Files.move(tmp, record);
            } catch (FileAlreadyExistsException taken) {
                return owner(bucket);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return account;
    }
}
