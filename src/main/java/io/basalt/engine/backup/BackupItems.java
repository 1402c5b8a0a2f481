package io.basalt.engine.backup;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * The items file of a backup: a header, then each item in its stored encoding (ItemCodec) as
 * [length][bytes], then -1 and a CRC-32 of every item byte, so a damaged file is refused rather
 * than restored half.
 */
final class BackupItems {
    private static final byte[] MAGIC = "BASALT-BACKUP-ITEMS-1\n".getBytes(StandardCharsets.US_ASCII);

    private BackupItems() {}

    static final class Writer implements AutoCloseable {
        private final DataOutputStream out;
        private final CRC32 crc = new CRC32();

        Writer(OutputStream target) throws IOException {
            out = new DataOutputStream(new BufferedOutputStream(target, 1 << 16));
            out.write(MAGIC);
        }

        void add(byte[] bytes, int offset) throws IOException {
            int length = bytes.length - offset;
            out.writeInt(length);
            out.write(bytes, offset, length);
            crc.update(bytes, offset, length);
        }

        @Override
        public void close() throws IOException {
            out.writeInt(-1);
            out.writeLong(crc.getValue());
            out.close();
        }
    }

    /** Reads items one by one; {@link #next()} returns null at the end, after the checksum matched. */
    static final class Reader implements AutoCloseable {
        private final DataInputStream in;
        private final CRC32 crc = new CRC32();

        Reader(InputStream source) throws IOException {
            in = new DataInputStream(new BufferedInputStream(source, 1 << 16));
            byte[] magic = new byte[MAGIC.length];
            in.readFully(magic);
            if (!Arrays.equals(magic, MAGIC)) throw new IOException("not a Basalt backup items file");
        }

        byte[] next() throws IOException {
            int length = in.readInt();
            if (length < 0) {
                if (in.readLong() != crc.getValue()) throw new IOException("backup items file is damaged (checksum mismatch)");
                return null;
            }
            byte[] b = new byte[length];
            in.readFully(b);
            crc.update(b, 0, length);
            return b;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
