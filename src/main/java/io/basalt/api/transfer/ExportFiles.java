package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemSize;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Writes one export in the service's layout under a bucket directory:
 * {@code [prefix/]AWSDynamoDB/<ExportId>/} holding {@code _started}, {@code data/<name>.json.gz}
 * (or {@code .ion.gz}; a new file every {@link #ITEMS_PER_FILE} items), {@code manifest-files.json}
 * (one JSON line per data file: itemCount, md5Checksum (base64 MD5 of the file), etag (hex MD5, as
 * S3 gives a single-part object) and dataFileS3Key), {@code manifest-summary.json}, and a
 * {@code .checksum} file beside each manifest (the hex MD5 of the manifest).
 */
final class ExportFiles implements Consumer<Map<String, AttributeValue>>, AutoCloseable {
    static final int ITEMS_PER_FILE = 100_000;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** The summary's times, always with milliseconds as in the service's example. */
    private static final java.time.format.DateTimeFormatter MILLIS =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);
    private static final char[] NAME_CHARS = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();

    /** One data file as manifest-files.json lists it. */
    record DataFile(String key, long itemCount, byte[] md5) {}

    private final Path bucketDir;
    private final String exportKey;
    private final boolean ion;
    private final List<DataFile> files = new ArrayList<>();
    private OutputStream out;
    private MessageDigest md5;
    private String currentKey;
    private long currentCount;
    private long itemCount;
    private long sizeBytes;

    /** @param exportKey {@code [prefix/]AWSDynamoDB/<ExportId>} */
    ExportFiles(Path bucketDir, String exportKey, boolean ion) throws IOException {
        this.bucketDir = bucketDir;
        this.exportKey = exportKey;
        this.ion = ion;
        Files.createDirectories(bucketDir.resolve(exportKey).resolve("data"));
        Files.write(bucketDir.resolve(exportKey).resolve("_started"), new byte[0]);
    }

    static String dataKeyName() {
        char[] c = new char[26];
        for (int i = 0; i < c.length; i++) c[i] = NAME_CHARS[RANDOM.nextInt(NAME_CHARS.length)];
        return new String(c);
    }

    @Override
    public void accept(Map<String, AttributeValue> item) {
        try {
            if (out == null) open();
            out.write(line(item));
            currentCount++;
            itemCount++;
            sizeBytes += ItemSize.of(item);
            if (currentCount == ITEMS_PER_FILE) finishFile();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private byte[] line(Map<String, AttributeValue> item) throws IOException {
        if (ion) return (IonText.line(item) + "\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream b = new ByteArrayOutputStream(256);
        try (JsonGenerator g = Json.FACTORY.createGenerator(b)) {
            g.writeStartObject();
            g.writeFieldName("Item");
            AttributeValueJson.writeItem(g, item);
            g.writeEndObject();
        }
        b.write('\n');
        return b.toByteArray();
    }

    private void open() throws IOException {
        currentKey = exportKey + "/data/" + dataKeyName() + (ion ? ".ion.gz" : ".json.gz");
        md5 = md5();
        out = new GZIPOutputStream(new DigestOutputStream(Files.newOutputStream(bucketDir.resolve(currentKey)), md5), 1 << 16);
        // Ion text files start with the version marker (the service's files do as well)
        if (ion) out.write("$ion_1_0 ".getBytes(StandardCharsets.US_ASCII));
        currentCount = 0;
    }

    private void finishFile() throws IOException {
        out.close();
        files.add(new DataFile(currentKey, currentCount, md5.digest()));
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
            try (JsonGenerator g = Json.FACTORY.createGenerator(lines)) {
                g.writeStartObject();
                g.writeNumberField("itemCount", f.itemCount());
                g.writeStringField("md5Checksum", Base64.getEncoder().encodeToString(f.md5()));
                g.writeStringField("etag", HexFormat.of().formatHex(f.md5()));
                g.writeStringField("dataFileS3Key", f.key());
                g.writeEndObject();
            }
            lines.write('\n');
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
        Files.write(bucketDir.resolve(key), bytes);
        String checksum = key.substring(0, key.length() - ".json".length()) + ".checksum";
        Files.write(bucketDir.resolve(checksum), HexFormat.of().formatHex(md5().digest(bytes)).getBytes(StandardCharsets.US_ASCII));
    }
}
