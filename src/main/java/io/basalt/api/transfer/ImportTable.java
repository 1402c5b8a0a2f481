package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableCreation;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.transfer.ImportRecord;
import io.basalt.engine.transfer.ObjectStore;
import io.basalt.error.DynamoException;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.security.SecureRandom;
import java.util.List;

/**
 * ImportTable from the instance's object store (a local directory per bucket, or an S3-compatible
 * endpoint): every object whose key starts with S3KeyPrefix is read ({@link ImportObjects}). The table is created
 * from TableCreationParameters (CreateTable's checks; GSIs are built as the items are written),
 * then each line becomes an item written as a PutItem writes it (a later line with the same key
 * replaces the earlier). A line that is not an item, lacks the key or breaks an index's key type
 * counts in ErrorCount and is skipped. Runs in the background: the response and DescribeImport
 * say IN_PROGRESS until it ends COMPLETED (or FAILED: any refused item, as the service's).
 */
public final class ImportTable implements Operation<ImportTable.Request> {
    record Request(Members source, String format, Members csv, String compression, TableCreation.Parameters table,
                   String clientToken) {}

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Member<String> BUCKET = Member.string("S3Bucket");
    private static final Member<String> KEY_PREFIX = Member.string("S3KeyPrefix");
    private static final Member<String> OWNER = Member.string("S3BucketOwner");
    private static final Member<Members> SOURCE = Member.structure("S3BucketSource", Structure.of(BUCKET, KEY_PREFIX, OWNER));
    private static final Member<String> FORMAT = Member.string("InputFormat");
    private static final Member<String> DELIMITER = Member.string("Delimiter");
    private static final Member<List<String>> HEADER = Member.stringList("HeaderList");
    private static final Member<Members> CSV = Member.structure("Csv", Structure.of(DELIMITER, HEADER));
    private static final Member<Members> OPTIONS = Member.structure("InputFormatOptions", Structure.of(CSV));
    private static final Member<String> COMPRESSION = Member.string("InputCompressionType");
    private static final Member<TableCreation.Parameters> TABLE = Member.of("TableCreationParameters", TableCreation::parse);
    private static final Member<String> CLIENT_TOKEN = Member.string("ClientToken");
    private static final Structure SHAPE = Structure.of(SOURCE, FORMAT, OPTIONS, COMPRESSION, TABLE, CLIENT_TOKEN);

    private final Engine engine;

    public ImportTable(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ImportTable"; }

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        Members options = m.get(OPTIONS);
        return new Request(m.get(SOURCE), m.get(FORMAT), options == null ? null : options.get(CSV), m.get(COMPRESSION),
                m.get(TABLE), m.get(CLIENT_TOKEN));
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        String bucket = r.source() == null ? null : r.source().get(BUCKET);
        String delimiter = r.csv() == null ? null : r.csv().get(DELIMITER);
        new Constraints().notNull(r.source(), "s3BucketSource").notNull(r.format(), "inputFormat")
                .notNull(r.table(), "tableCreationParameters")
                .enumValue(r.format(), "inputFormat", "[DYNAMODB_JSON, ION, CSV]")
                .enumValue(r.compression(), "inputCompressionType", "[GZIP, ZSTD, NONE]")
                .minLength(delimiter, "inputFormatOptions.csv.delimiter", 1).maxLength(delimiter, "inputFormatOptions.csv.delimiter", 1)
                .check();
        Constraints source = new Constraints().notNull(bucket, "s3BucketSource.s3Bucket").maxLength(bucket, "s3BucketSource.s3Bucket", 255);
        // the model's patterns (API reference, S3BucketSource), as ExportTableToPointInTime checks its own
        if (bucket != null && bucket.length() <= 255 && !ExportTableToPointInTime.BUCKET.matcher(bucket).matches()) {
            source.violation(bucket, "s3BucketSource.s3Bucket", "Member must satisfy regular expression pattern: " + ExportTableToPointInTime.BUCKET.pattern());
        }
        String owner = r.source() == null ? null : r.source().get(OWNER);
        if (owner != null && !ExportTableToPointInTime.ACCOUNT.matcher(owner).matches()) {
            source.violation(owner, "s3BucketSource.s3BucketOwner", "Member must satisfy regular expression pattern: " + ExportTableToPointInTime.ACCOUNT.pattern());
        }
        source.check();
        String compression = r.compression() == null ? "NONE" : r.compression();
        ObjectStore store = engine.objectStore();
        if (store == null) {
            throw DynamoException.validation("Imports read a local directory (start Basalt with --export-root DIR: S3 bucket B "
                    + "is then DIR/B) or an S3-compatible endpoint (--s3-endpoint URL)");
        }
        ImportRecord previous = engine.imports().byClientToken(ctx.namespace(), r.clientToken());
        if (previous != null) {
            write(out, ctx, previous, false);
            return;
        }
        TableDefinition definition = TableCreation.checkedDefine(engine, r.table());
        if (engine.catalog().find(ctx.namespace(), definition.name()) != null) {
            throw DynamoException.resourceInUse("Table already exists: " + definition.name());
        }
        long start = engine.clock().millis();
        String tableArn = io.basalt.model.Arns.table(ctx.region(), ctx.accountId(), definition.name());
        ImportRecord rec = new ImportRecord(tableArn + "/import/" + String.format("%014d-%08x", start, RANDOM.nextInt()),
                ctx.namespace(), tableArn, definition.uuid(), r.clientToken(), bucket, r.source().get(KEY_PREFIX),
                r.source().get(OWNER) != null ? r.source().get(OWNER) : ctx.accountId(), r.format(), compression, delimiter,
                r.csv() == null ? null : r.csv().get(HEADER), ImportRecord.IN_PROGRESS, start, 0, 0, 0, 0, 0, null, null);
        // the import runs in the background, as the service's: DescribeImport says IN_PROGRESS until it ends
        engine.imports().put(rec);
        ObjectStore callers = TransferJobs.actingFor(store, ctx, r.source().get(OWNER));
        TransferJobs.start("basalt-import-" + rec.arn().substring(rec.arn().lastIndexOf('/') + 1),
                () -> engine.imports().put(new ImportObjects(engine, callers, rec).load(() -> {
                    io.basalt.engine.catalog.TableCatalog.Entry created = engine.catalog().create(ctx.namespace(), definition);
                    engine.vectorBackfills().startAll(created);
                    return created;
                })),
                failure -> engine.imports().put(rec.finished(ImportRecord.FAILED, engine.clock().millis(), 0, 0, 0, 0,
                        "InternalServerError", failure)));
        write(out, ctx, rec, true);
    }

    private void write(JsonGenerator out, RequestContext ctx, ImportRecord r, boolean started) throws IOException {
        out.writeStartObject();
        ImportJson.description(out, r, started ? ImportRecord.IN_PROGRESS : r.status());
        out.writeEndObject();
    }
}
