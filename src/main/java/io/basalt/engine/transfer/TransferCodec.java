package io.basalt.engine.transfer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The stored form of export and import records (a CATALOG entry each, see {@link Transfers}): a
 * format number, then the fields in order, strings as a presence flag and UTF-8.
 */
public final class TransferCodec {
    /** 2 added S3SseKmsKeyId (last of the strings); format 1 records are still read. */
    private static final int EXPORT_FORMAT = 2;
    private static final int IMPORT_FORMAT = 1;

    private TransferCodec() {}

    /** Encodes and decodes one kind of record. */
    public interface Codec<R> {
        byte[] encode(R r);

        R decode(byte[] bytes);

        /** The record of a transfer a stop of the server cut short (found IN_PROGRESS at start-up). */
        R interrupted(R r);
    }

    public static final Codec<ExportRecord> EXPORTS = new Codec<>() {
        @Override
        public byte[] encode(ExportRecord e) {
            return write(out -> {
                out.writeInt(EXPORT_FORMAT);
                for (String s : new String[] {e.arn(), e.id(), e.account(), e.tableArn(), e.tableId(), e.clientToken(), e.bucket(),
                        e.bucketOwner(), e.prefix(), e.sseAlgorithm(), e.format(), e.type(), e.status(), e.manifestKey(),
                        e.failureCode(), e.failureMessage(), e.viewType(), e.sseKmsKeyId()}) {
                    string(out, s);
                }
                for (long n : new long[] {e.startMillis(), e.endMillis(), e.exportMillis(), e.itemCount(), e.billedSizeBytes(),
                        e.fromMillis(), e.toMillis()}) {
                    out.writeLong(n);
                }
            });
        }

        @Override
        public ExportRecord decode(byte[] bytes) {
            return read(bytes, in -> {
                int format = in.readInt();
                if (format != 1 && format != EXPORT_FORMAT) throw new IllegalStateException("unknown export record format " + format);
                String[] s = new String[18];
                for (int i = 0; i < (format == 1 ? 17 : 18); i++) s[i] = string(in);
                long[] n = new long[7];
                for (int i = 0; i < n.length; i++) n[i] = in.readLong();
                return new ExportRecord(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[17], s[10], s[11], s[12],
                        n[0], n[1], n[2], s[13], n[3], n[4], s[14], s[15], n[5], n[6], s[16]);
            });
        }

        @Override
        public ExportRecord interrupted(ExportRecord e) {
            return e.failed(e.startMillis(), "InternalServerError", "Basalt stopped before the export ended");
        }
    };

    public static final Codec<ImportRecord> IMPORTS = new Codec<>() {
        @Override
        public byte[] encode(ImportRecord r) {
            return write(out -> {
                out.writeInt(IMPORT_FORMAT);
                for (String s : new String[] {r.arn(), r.account(), r.tableArn(), r.tableId(), r.clientToken(), r.bucket(),
                        r.keyPrefix(), r.bucketOwner(), r.format(), r.compression(), r.csvDelimiter(), r.status(),
                        r.failureCode(), r.failureMessage()}) {
                    string(out, s);
                }
                out.writeInt(r.csvHeader() == null ? -1 : r.csvHeader().size());
                if (r.csvHeader() != null) for (String h : r.csvHeader()) out.writeUTF(h);
                for (long n : new long[] {r.startMillis(), r.endMillis(), r.processedBytes(), r.processedItems(), r.importedItems(),
                        r.errorCount()}) {
                    out.writeLong(n);
                }
            });
        }

        @Override
        public ImportRecord decode(byte[] bytes) {
            return read(bytes, in -> {
                int format = in.readInt();
                if (format != IMPORT_FORMAT) throw new IllegalStateException("unknown import record format " + format);
                String[] s = new String[14];
                for (int i = 0; i < s.length; i++) s[i] = string(in);
                int headers = in.readInt();
                List<String> header = headers < 0 ? null : new ArrayList<>(headers);
                for (int i = 0; i < headers; i++) header.add(in.readUTF());
                long[] n = new long[6];
                for (int i = 0; i < n.length; i++) n[i] = in.readLong();
                return new ImportRecord(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10],
                        header == null ? null : List.copyOf(header), s[11], n[0], n[1], n[2], n[3], n[4], n[5], s[12], s[13]);
            });
        }

        @Override
        public ImportRecord interrupted(ImportRecord r) {
            return r.finished(ImportRecord.FAILED, r.startMillis(), r.processedBytes(), r.processedItems(), r.importedItems(),
                    r.errorCount(), "InternalServerError", "Basalt stopped before the import ended");
        }
    };

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private interface Reader<R> {
        R read(DataInputStream in) throws IOException;
    }

    private static byte[] write(Writer w) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            w.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static <R> R read(byte[] bytes, Reader<R> r) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            return r.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void string(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) out.writeUTF(s);
    }

    private static String string(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }
}
