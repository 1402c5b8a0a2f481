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
import io.basalt.engine.transfer.ObjectStore;
import io.basalt.engine.transfer.ObjectStoreException;
import io.basalt.error.ConstraintViolations;
import io.basalt.error.DynamoException;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * ExportTableToPointInTime into the instance's object store (a local directory per bucket, or an
 * S3-compatible endpoint). The table must have point-in-time recovery; a full export writes the
 * items it held at ExportTime (default: now), an incremental one the items changed in its window
 * ({@link IncrementalLines}), in the service's layout (see {@link ExportFiles}), in the background:
 * the response says IN_PROGRESS, as does DescribeExport until the export ends COMPLETED, or FAILED
 * with the service's failure code when the bucket cannot be written.
 */
public final class ExportTableToPointInTime implements Operation<ExportTableToPointInTime.Request> {
    record Request(String tableArn, Instant exportTime, String clientToken, String bucket, String bucketOwner,
                   String prefix, String sse, String kmsKeyId, String format, String type, Members incremental) {}

    /** The model's patterns of a bucket name and a bucket owner (also ImportTable's S3BucketSource). */
    static final Pattern BUCKET = Pattern.compile("^[a-z0-9A-Z]+[\\.\\-\\w]*[a-z0-9A-Z]+$");
    static final Pattern ACCOUNT = Pattern.compile("[0-9]{12}");
    /**
     * What a KMS key reference may hold (key id, key ARN, alias name or alias ARN). The service refuses
     * other values with a pattern error whose captured text ends at "regular" (DDB-EXPORT-005): the
     * pattern itself is Basalt's.
     */
    private static final Pattern KMS_KEY = Pattern.compile("^[a-zA-Z0-9:/_-]+$");
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
    private static final Member<Instant> FROM = Member.of("ExportFromTime", JsonIn::timestamp);
    private static final Member<Instant> TO = Member.of("ExportToTime", JsonIn::timestamp);
    private static final Member<String> VIEW = Member.string("ExportViewType");
    private static final Member<Members> INCREMENTAL = Member.structure("IncrementalExportSpecification", Structure.of(FROM, TO, VIEW));
    /** The service's window limits of an incremental export (Developer Guide: 15 minutes to 24 hours). */
    static final long MIN_WINDOW_MILLIS = 15 * 60_000L;
    static final long MAX_WINDOW_MILLIS = 24 * 3_600_000L;
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
                m.get(PREFIX), m.get(SSE), m.get(KMS), m.get(FORMAT), m.get(TYPE), m.get(INCREMENTAL));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().notNull(r.tableArn(), "tableArn").minLength(r.tableArn(), "tableArn", 1)
                .maxLength(r.tableArn(), "tableArn", 1024)
                .maxLength(r.clientToken(), "clientToken", 36)
                .notNull(r.bucket(), "s3Bucket").maxLength(r.bucket(), "s3Bucket", 255)
                .maxLength(r.prefix(), "s3Prefix", 1024)
                .enumValue(r.sse(), "s3SseAlgorithm", "[AES256, KMS]")
                .minLength(r.kmsKeyId(), "s3SseKmsKeyId", 1).maxLength(r.kmsKeyId(), "s3SseKmsKeyId", 2048)
                .enumValue(r.format(), "exportFormat", "[DYNAMODB_JSON, ION]")
                .enumValue(r.type(), "exportType", "[FULL_EXPORT, INCREMENTAL_EXPORT]");
        if (r.bucket() != null && r.bucket().length() <= 255 && !BUCKET.matcher(r.bucket()).matches()) {
            c.violation(r.bucket(), "s3Bucket", "Member must satisfy regular expression pattern: " + BUCKET.pattern());
        }
        if (r.bucketOwner() != null && !ACCOUNT.matcher(r.bucketOwner()).matches()) {
            c.violation(r.bucketOwner(), "s3BucketOwner", "Member must satisfy regular expression pattern: " + ACCOUNT.pattern());
        }
        String view = r.incremental() == null ? null : r.incremental().get(VIEW);
        c.enumValue(view, "incrementalExportSpecification.exportViewType", "[NEW_IMAGE, NEW_AND_OLD_IMAGES]");
        c.check();
        checkKmsKey(r);
        IncrementalWindow.checkCoupling(r.type(), r.incremental() != null, r.incremental() == null ? null : r.incremental().get(FROM));
        boolean incremental = "INCREMENTAL_EXPORT".equals(r.type());
        ObjectStore store = engine.objectStore();
        if (store == null) {
            throw DynamoException.validation("Exports are written to a local directory (start Basalt with --export-root DIR: "
                    + "S3 bucket B is then DIR/B) or an S3-compatible endpoint (--s3-endpoint URL)");
        }
        String prefix = r.prefix() == null || r.prefix().isEmpty() ? null : r.prefix();
        if (prefix != null && (prefix.startsWith("/") || prefix.contains("..") || prefix.contains("\\"))) {
            throw DynamoException.validation("S3Prefix must not start with '/' nor contain '..' or '\\' (it names a directory under the bucket)");
        }
        ExportRecord previous = engine.exports().byClientToken(ctx.namespace(), r.clientToken());
        if (previous != null && !sameRequest(previous, r, prefix)) {
            // the service's answer to a reused token with other parameters (live, 2026-10-09, DDB-EXPORT-009)
            throw new DynamoException(io.basalt.error.ErrorType.EXPORT_CONFLICT,
                    "Export conflict: Duplicate request detected with conflicting parameters");
        }
        if (previous != null) {
            out.writeStartObject();
            ExportJson.description(out, previous, previous.status());
            out.writeEndObject();
            return;
        }
        TableCatalog.Entry table = ContinuousBackupsJson.table(engine, ctx, r.tableArn());
        ContinuousBackups pitr = engine.continuousBackups();
        long at, from = 0, to = 0;
        if (incremental) {
            long[] window = IncrementalWindow.check(pitr, table, r.incremental().get(FROM), r.incremental().get(TO));
            from = window[0];
            to = window[1];
            at = to;
            if (view == null) view = "NEW_AND_OLD_IMAGES";
        } else {
            at = pitr.exportTime(table, r.exportTime() == null ? null : r.exportTime().toEpochMilli());
            view = null;
        }
        long start = engine.clock().millis();
        String id = String.format("%014d-%08x", start, RANDOM.nextInt());
        String tableArn = io.basalt.model.Arns.table(ctx.region(), io.basalt.model.Namespaces.account(table.account()), table.definition().name());
        String exportKey = (prefix == null ? "" : prefix + "/") + "AWSDynamoDB/" + id;
        String format = r.format() == null ? "DYNAMODB_JSON" : r.format();
        ExportRecord e = new ExportRecord(tableArn + "/export/" + id, id, ctx.namespace(), tableArn, table.definition().uuid(),
                r.clientToken(), r.bucket(), r.bucketOwner(), prefix, r.sse(), r.kmsKeyId(), format,
                incremental ? "INCREMENTAL_EXPORT" : "FULL_EXPORT", ExportRecord.IN_PROGRESS, start, 0, at,
                exportKey + "/manifest-summary.json", 0, 0, null, null, from, to, view);
        // the export runs in the background, as the service's: DescribeExport says IN_PROGRESS until it ends
        engine.exports().put(e);
        ObjectStore callers = TransferJobs.actingFor(store, ctx, r.bucketOwner());
        TransferJobs.start("basalt-export-" + id, () -> engine.exports().put(export(e, pitr, table, callers, exportKey)),
                failure -> engine.exports().put(e.failed(engine.clock().millis(), "InternalServerError", failure)));
        out.writeStartObject();
        ExportJson.description(out, e, ExportRecord.IN_PROGRESS);
        out.writeEndObject();
    }

    /**
     * S3SseKmsKeyId's checks after the member constraints, as the service answered them live on
     * 2026-10-09 (DDB-EXPORT-005): a key without S3SseAlgorithm KMS (left out or AES256) is refused;
     * a key that cannot name one fails a pattern check reported inside "Invalid Request: ".
     */
    private static void checkKmsKey(Request r) {
        if (r.kmsKeyId() == null) return;
        if (!"KMS".equals(r.sse())) {
            throw DynamoException.validation("Invalid Request: KMS Key Id is not supported for this encryption type");
        }
        if (!KMS_KEY.matcher(r.kmsKeyId()).matches()) {
            throw DynamoException.validation("Invalid Request: 1 validation error detected: " + ConstraintViolations.violation(
                    r.kmsKeyId(), "s3SseKmsKeyId", "Member must satisfy regular expression pattern: " + KMS_KEY.pattern()));
        }
    }

    /** Whether a request repeats the one that made an export (its table, bucket, prefix, encryption, format and type). */
    private static boolean sameRequest(ExportRecord e, Request r, String prefix) {
        String format = r.format() == null ? "DYNAMODB_JSON" : r.format();
        String type = r.type() == null ? "FULL_EXPORT" : r.type();
        String sse = r.sse() == null ? "AES256" : r.sse();
        return e.tableArn().equals(r.tableArn()) && e.bucket().equals(r.bucket()) && java.util.Objects.equals(e.prefix(), prefix)
                && e.effectiveSseAlgorithm().equals(sse) && java.util.Objects.equals(e.sseKmsKeyId(), r.kmsKeyId())
                && e.format().equals(format) && e.type().equals(type);
    }

    private ExportRecord export(ExportRecord e, ContinuousBackups pitr, TableCatalog.Entry table, ObjectStore store,
                                String exportKey) {
        try {
            // every object of the export (data files, manifests, checksums, _started) carries the requested encryption
            ObjectStore target = store.encryptedWith(new ObjectStore.Encryption(e.sseAlgorithm(), e.sseKmsKeyId()));
            target.checkWritable(e.bucket());
            ExportFiles files = new ExportFiles(target, e.bucket(), exportKey, e.format().equals("ION"));
            try (files) {
                if (e.incremental()) {
                    pitr.changesBetween(table, e.fromMillis(), e.toMillis(),
                            new IncrementalLines(files, table.definition().keys(), e.viewType()));
                } else {
                    pitr.itemsAt(table, e.exportMillis(), files);
                }
            }
            long end = engine.clock().millis();
            Map<String, Object> summary = new LinkedHashMap<>();
            summary.put("version", "2020-06-30");
            summary.put("exportArn", e.arn());
            summary.put("startTime", Instant.ofEpochMilli(e.startMillis()));
            summary.put("endTime", Instant.ofEpochMilli(end));
            summary.put("tableArn", e.tableArn());
            summary.put("tableId", e.tableId());
            if (e.incremental()) {
                summary.put("exportFromTime", Instant.ofEpochMilli(e.fromMillis()));
                summary.put("exportToTime", Instant.ofEpochMilli(e.toMillis()));
            } else {
                summary.put("exportTime", Instant.ofEpochMilli(e.exportMillis()));
            }
            summary.put("s3Bucket", e.bucket());
            summary.put("s3Prefix", e.prefix());
            summary.put("s3SseAlgorithm", e.effectiveSseAlgorithm());
            summary.put("s3SseKmsKeyId", e.sseKmsKeyId());
            summary.put("exportType", e.type());
            if (e.incremental()) summary.put("outputView", e.viewType());
            summary.put("outputFormat", e.format());
            files.writeManifests(summary);
            return e.completed(end, files.itemCount(), files.sizeBytes());
        } catch (ObjectStoreException refused) {
            return e.failed(engine.clock().millis(), refused.failureCode("S3WriteFailed"), refused.getMessage());
        } catch (IOException | UncheckedIOException io) {
            return e.failed(engine.clock().millis(), "S3WriteFailed", "Writing to " + store.describe() + " failed: " + io.getMessage());
        }
    }
}
