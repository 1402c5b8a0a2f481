package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.engine.transfer.ObjectStore;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.zip.GZIPOutputStream;

/**
 * Writes one export in the service's layout into a bucket of the object store:
 * {@code [prefix/]AWSDynamoDB/<ExportId>/} holding {@code _started}, {@code data/<name>.json.gz}
 * (or {@code .ion.gz}; a new file every {@link #ITEMS_PER_FILE} items), {@code manifest-files.json}
 * (one JSON line per data file: itemCount, md5Checksum (base64 MD5 of the file), etag (the object's
 * ETag as the store gives it: the hex MD5 of a single-part object, "-N" for N parts) and
 * dataFileS3Key), {@code manifest-summary.json}, and a {@code .checksum} file beside each manifest
 * (the hex MD5 of the manifest).
 */
final class ExportFiles implements Consumer<Map<String, AttributeValue>>, AutoCloseable {
    static final int ITEMS_PER_FILE = 100_000;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** The summary's times, always with milliseconds as in the service's example. */
    private static final java.time.format.DateTimeFormatter MILLIS =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);
    private static final char[] NAME_CHARS = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    /** One data file as manifest-files.json lists it. */
    record DataFile(String key, long itemCount, byte[] md5, String etag) {}

    private final ObjectStore store;
    private final String bucket;
    private final String exportKey;
    private final boolean ion;
    private final List<DataFile> files = new ArrayList<>();
    private ObjectStore.Upload upload;
    private OutputStream out;
    private MessageDigest md5;
    private String currentKey;
    private long currentCount;
    private long itemCount;
    private long sizeBytes;

    /** @param exportKey {@code [prefix/]AWSDynamoDB/<ExportId>} */
    ExportFiles(ObjectStore store, String bucket, String exportKey, boolean ion) throws IOException {
        this.store = store;
        this.bucket = bucket;
        this.exportKey = exportKey;
        this.ion = ion;
        store.put(bucket, exportKey + "/_started", new byte[0]);
    }

    static String dataKeyName() {
        char[] c = new char[26];
        for (int i = 0; i < c.length; i++) c[i] = NAME_CHARS[RANDOM.nextInt(NAME_CHARS.length)];
        return new String(c);
    }

    /** Writes one item of a full export. */
    @Override
    public void accept(Map<String, AttributeValue> item) {
        write(ion ? ionLine(IonText.line(item)) : jsonLine(g -> {
            g.writeFieldName("Item");
            AttributeValueJson.writeItem(g, item);
        }), ItemSize.of(item));
    }

    /** Writes one line (ending with a newline) that counts as one item of {@code size} bytes. */
    void write(byte[] line, long size) {
        try {
            if (out == null) open();
            out.write(line);
            currentCount++;
            itemCount++;
            sizeBytes += size;
            if (currentCount == ITEMS_PER_FILE) finishFile();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    interface Fields {
        void write(JsonGenerator g) throws IOException;
    }

    /** One JSON object line made of the given fields. */
    static byte[] jsonLine(Fields fields) {
        ByteArrayOutputStream b = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(b)) {
            g.writeStartObject();
            fields.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        b.write('\n');
        return b.toByteArray();
    }

    static byte[] ionLine(String text) {
        return (text + "\n").getBytes(StandardCharsets.UTF_8);
    }

    boolean ion() {
        return ion;
    }

    private void open() throws IOException {
        currentKey = exportKey + "/data/" + dataKeyName() + (ion ? ".ion.gz" : ".json.gz");
        md5 = md5();
        upload = store.create(bucket, currentKey);
        out = new GZIPOutputStream(new DigestOutputStream(upload, md5), 1 << 16);
        // Ion text files start with the version marker (the service's files do as well)
        if (ion) out.write("$ion_1_0 ".getBytes(StandardCharsets.US_ASCII));
        currentCount = 0;
    }

    private void finishFile() throws IOException {
        out.close();
        files.add(new DataFile(currentKey, currentCount, md5.digest(), upload.etag()));
        out = null;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    long itemCount() {
        return itemCount;
    }

    long sizeBytes() {
        return sizeBytes;
    }

    /** Ends the last data file (an empty table still gets one, as the service writes one per partition). */
    @Override
    public void close() throws IOException {
        if (out == null && files.isEmpty()) open();
        if (out != null) finishFile();
    }

    /** Writes manifest-files.json and manifest-summary.json with their checksums; returns the summary's key. */
    String writeManifests(Map<String, Object> summary) throws IOException {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        for (DataFile f : files) {
            lines.write(jsonLine(g -> {
                g.writeNumberField("itemCount", f.itemCount());
                g.writeStringField("md5Checksum", Base64.getEncoder().encodeToString(f.md5()));
                g.writeStringField("etag", f.etag() != null ? f.etag() : HexFormat.of().formatHex(f.md5()));
                g.writeStringField("dataFileS3Key", f.key());
            }));
        }
        String filesKey = exportKey + "/manifest-files.json";
        write(filesKey, lines.toByteArray());
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        try (JsonGenerator g = Json.FACTORY.createGenerator(s)) {
            g.writeStartObject();
            for (Map.Entry<String, Object> e : summary.entrySet()) {
                g.writeFieldName(e.getKey());
                Object v = e.getValue();
                if (v == null) g.writeNull();
                else if (v instanceof Number n) g.writeNumber(n.longValue());
                else if (v instanceof Instant i) g.writeString(MILLIS.format(i));
                else g.writeString(v.toString());
                if (e.getKey().equals("s3SseKmsKeyId")) {
                    g.writeStringField("manifestFilesS3Key", filesKey);
                    g.writeNumberField("billedSizeBytes", sizeBytes);
                    g.writeNumberField("itemCount", itemCount);
                }
            }
            g.writeEndObject();
        }
        String summaryKey = exportKey + "/manifest-summary.json";
        write(summaryKey, s.toByteArray());
        return summaryKey;
    }

    private void write(String key, byte[] bytes) throws IOException {
        store.put(bucket, key, bytes);
        String checksum = key.substring(0, key.length() - ".json".length()) + ".checksum";
        store.put(bucket, checksum, HexFormat.of().formatHex(md5().digest(bytes)).getBytes(StandardCharsets.US_ASCII));
    }
}
