package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.backup.ContinuousBackupsJson;
import io.basalt.api.common.Constraints;
import io.basalt.engine.Engine;
import io.basalt.engine.backup.ContinuousBackups;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.transfer.ExportRecord;
import io.basalt.error.DynamoException;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * ExportTableToPointInTime to a local directory: S3 bucket B is the directory {@code B} under the
 * server's {@code --export-root}. The table must have point-in-time recovery; the items it held at
 * ExportTime (default: now) are written in the service's layout (see {@link ExportFiles}) before
 * the response, which says IN_PROGRESS as the service's does; DescribeExport then says COMPLETED.
 */
public final class ExportTableToPointInTime implements Operation<ExportTableToPointInTime.Request> {
    record Request(String tableArn, Instant exportTime, String clientToken, String bucket, String bucketOwner,
                   String prefix, String sse, String format, String type, boolean incremental) {}

    private static final Pattern BUCKET = Pattern.compile("^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$");
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Member<String> TABLE_ARN = Member.string("TableArn");
    private static final Member<Instant> EXPORT_TIME = Member.of("ExportTime", JsonIn::timestamp);
    private static final Member<String> CLIENT_TOKEN = Member.string("ClientToken");
    private static final Member<String> BUCKET_NAME = Member.string("S3Bucket");
    private static final Member<String> BUCKET_OWNER = Member.string("S3BucketOwner");
    private static final Member<String> PREFIX = Member.string("S3Prefix");
    private static final Member<String> SSE = Member.string("S3SseAlgorithm");
    private static final Member<String> KMS = Member.string("S3SseKmsKeyId");
    private static final Member<String> FORMAT = Member.string("ExportFormat");
    private static final Member<String> TYPE = Member.string("ExportType");
    private static final Member<Boolean> INCREMENTAL = Member.presence("IncrementalExportSpecification");
    private static final Structure SHAPE = Structure.of(TABLE_ARN, EXPORT_TIME, CLIENT_TOKEN, BUCKET_NAME, BUCKET_OWNER,
            PREFIX, SSE, KMS, FORMAT, TYPE, INCREMENTAL);

    private final Engine engine;

    public ExportTableToPointInTime(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ExportTableToPointInTime"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(TABLE_ARN), m.get(EXPORT_TIME), m.get(CLIENT_TOKEN), m.get(BUCKET_NAME), m.get(BUCKET_OWNER),
                m.get(PREFIX), m.get(SSE), m.get(FORMAT), m.get(TYPE), Boolean.TRUE.equals(m.get(INCREMENTAL)));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().notNull(r.tableArn(), "tableArn").minLength(r.tableArn(), "tableArn", 1)
                .maxLength(r.tableArn(), "tableArn", 1024)
                .maxLength(r.clientToken(), "clientToken", 36)
                .notNull(r.bucket(), "s3Bucket").maxLength(r.bucket(), "s3Bucket", 255)
                .maxLength(r.prefix(), "s3Prefix", 1024)
                .enumValue(r.sse(), "s3SseAlgorithm", "[AES256, KMS]")
                .enumValue(r.format(), "exportFormat", "[DYNAMODB_JSON, ION]")
                .enumValue(r.type(), "exportType", "[FULL_EXPORT, INCREMENTAL_EXPORT]");
        if (r.bucket() != null && r.bucket().length() <= 255 && !BUCKET.matcher(r.bucket()).matches()) {
            c.violation(r.bucket(), "s3Bucket", "Member must satisfy regular expression pattern: " + BUCKET.pattern());
        }
        c.check();
        if ("INCREMENTAL_EXPORT".equals(r.type()) || r.incremental()) {
            throw DynamoException.validation("Basalt does not serve INCREMENTAL_EXPORT yet: use FULL_EXPORT");
        }
        Path root = engine.settings().exportRoot();
        if (root == null) {
            throw DynamoException.validation("Exports are written to a local directory: start Basalt with --export-root DIR "
                    + "(S3 bucket B is then DIR/B)");
        }
        Path bucketDir = root.resolve(r.bucket()).normalize();
        String prefix = r.prefix() == null || r.prefix().isEmpty() ? null : r.prefix();
        if (prefix != null && (prefix.startsWith("/") || prefix.contains("..") || prefix.contains("\\"))) {
            throw DynamoException.validation("S3Prefix must not start with '/' nor contain '..' or '\\' (it names a directory under the bucket)");
        }
        ExportRecord previous = engine.exports().byClientToken(ctx.namespace(), r.clientToken());
        if (previous != null) {
            out.writeStartObject();
            ExportJson.description(out, previous, previous.status());
            out.writeEndObject();
            return;
        }
        TableCatalog.Entry table = ContinuousBackupsJson.table(engine, ctx, r.tableArn());
        ContinuousBackups pitr = engine.continuousBackups();
        long at = pitr.exportTime(table, r.exportTime() == null ? null : r.exportTime().toEpochMilli());
        long start = engine.clock().millis();
        String id = String.format("%014d-%08x", start, RANDOM.nextInt());
        String tableArn = "arn:aws:dynamodb:" + ctx.region() + ":" + io.basalt.model.Namespaces.account(table.account()) + ":table/" + table.definition().name();
        String exportKey = (prefix == null ? "" : prefix + "/") + "AWSDynamoDB/" + id;
        String format = r.format() == null ? "DYNAMODB_JSON" : r.format();
        ExportRecord e = new ExportRecord(tableArn + "/export/" + id, id, ctx.namespace(), tableArn, table.definition().uuid(),
                r.clientToken(), r.bucket(), r.bucketOwner(), prefix, r.sse() == null ? "AES256" : r.sse(), format,
                "FULL_EXPORT", ExportRecord.IN_PROGRESS, start, 0, at, exportKey + "/manifest-summary.json", 0, 0, null, null);
        engine.exports().put(export(e, pitr, table, bucketDir, exportKey, r.bucket(), prefix));
        out.writeStartObject();
        ExportJson.description(out, e, ExportRecord.IN_PROGRESS);
        out.writeEndObject();
    }

    private ExportRecord export(ExportRecord e, ContinuousBackups pitr, TableCatalog.Entry table, Path bucketDir,
                                String exportKey, String bucket, String prefix) {
        try (ExportFiles files = new ExportFiles(bucketDir, exportKey, e.format().equals("ION"))) {
            pitr.itemsAt(table, e.exportMillis(), files);
            files.close();
            long end = engine.clock().millis();
            Map<String, Object> summary = new LinkedHashMap<>();
            summary.put("version", "2020-06-30");
            summary.put("exportArn", e.arn());
            summary.put("startTime", Instant.ofEpochMilli(e.startMillis()));
            summary.put("endTime", Instant.ofEpochMilli(end));
            summary.put("tableArn", e.tableArn());
            summary.put("tableId", e.tableId());
            summary.put("exportTime", Instant.ofEpochMilli(e.exportMillis()));
            summary.put("s3Bucket", bucket);
            summary.put("s3Prefix", prefix);
            summary.put("s3SseAlgorithm", e.sseAlgorithm());
            summary.put("s3SseKmsKeyId", null);
            summary.put("outputFormat", e.format());
            files.writeManifests(summary);
            return e.completed(end, files.itemCount(), files.sizeBytes());
        } catch (IOException | UncheckedIOException io) {
            return e.failed(engine.clock().millis(), "S3WriteFailed", "Writing under the export root failed: " + io.getMessage());
        }
    }
}
