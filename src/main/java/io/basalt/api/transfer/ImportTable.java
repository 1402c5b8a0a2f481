package io.basalt.api.transfer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.table.TableCreation;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.engine.transfer.ImportRecord;
import io.basalt.error.DynamoException;
import io.basalt.model.AttributeValue;
import io.basalt.model.ItemCodec;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * ImportTable from a local directory: S3 bucket B is {@code B} under {@code --export-root}, and
 * every file whose key (its path under B) starts with S3KeyPrefix is read. The table is created
 * from TableCreationParameters (CreateTable's checks; GSIs are built as the items are written),
 * then each line becomes an item written as a PutItem writes it (a later line with the same key
 * replaces the earlier). A line that is not an item, lacks the key or breaks an index's key type
 * counts in ErrorCount and is skipped. Done before the response (IN_PROGRESS, as the service's
 * says); DescribeImport then says COMPLETED.
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
        new Constraints().notNull(bucket, "s3BucketSource.s3Bucket").maxLength(bucket, "s3BucketSource.s3Bucket", 255).check();
        if (!r.format().equals("DYNAMODB_JSON") && !r.format().equals("CSV")) {
            throw DynamoException.validation("Basalt does not import " + r.format() + " yet: use DYNAMODB_JSON or CSV");
        }
        String compression = r.compression() == null ? "NONE" : r.compression();
        if (compression.equals("ZSTD")) throw DynamoException.validation("Basalt does not read ZSTD yet: use GZIP or NONE");
        Path root = engine.settings().exportRoot();
        if (root == null) {
            throw DynamoException.validation("Imports read a local directory: start Basalt with --export-root DIR (S3 bucket B is then DIR/B)");
        }
        Path bucketDir = root.resolve(bucket).normalize();
        if (!bucketDir.startsWith(root.normalize()) || bucketDir.equals(root.normalize())) {
            throw DynamoException.validation("S3Bucket must name a directory directly under the export root");
        }
        ImportRecord previous = engine.imports().byClientToken(ctx.namespace(), r.clientToken());
        if (previous != null) {
            write(out, ctx, previous, null);
            return;
        }
        TableDefinition definition = TableCreation.checkedDefine(engine, r.table());
        if (engine.catalog().find(ctx.namespace(), definition.name()) != null) {
            throw DynamoException.resourceInUse("Table already exists: " + definition.name());
        }
        TableCatalog.Entry table = engine.catalog().create(ctx.namespace(), definition);
        long start = engine.clock().millis();
        String tableArn = "arn:aws:dynamodb:" + ctx.region() + ":" + ctx.accountId() + ":table/" + definition.name();
        ImportRecord rec = new ImportRecord(tableArn + "/import/" + String.format("%014d-%08x", start, RANDOM.nextInt()),
                ctx.namespace(), tableArn, definition.uuid(), r.clientToken(), bucket, r.source().get(KEY_PREFIX),
                r.source().get(OWNER), r.format(), compression, delimiter, r.csv() == null ? null : r.csv().get(HEADER),
                ImportRecord.IN_PROGRESS, start, 0, 0, 0, 0, 0, null, null);
        engine.imports().put(load(rec, table, bucketDir));
        write(out, ctx, rec, table);
    }

    private void write(JsonGenerator out, RequestContext ctx, ImportRecord r, TableCatalog.Entry table) throws IOException {
        out.writeStartObject();
        ImportJson.description(out, r, table == null ? r.status() : ImportRecord.IN_PROGRESS);
        out.writeEndObject();
    }

    /** Reads every matching file into the table; returns the import as it finished. */
    private ImportRecord load(ImportRecord r, TableCatalog.Entry table, Path bucketDir) {
        Counts n = new Counts();
        String prefix = r.keyPrefix() == null ? "" : r.keyPrefix();
        try (Stream<Path> all = Files.exists(bucketDir) ? Files.walk(bucketDir) : Stream.empty()) {
            List<Path> files = all.filter(Files::isRegularFile)
                    .filter(f -> bucketDir.relativize(f).toString().replace('\\', '/').startsWith(prefix)).sorted().toList();
            if (files.isEmpty()) {
                return r.finished(ImportRecord.FAILED, engine.clock().millis(), 0, 0, 0, 0, "InvalidS3Source",
                        "No files under s3://" + r.bucket() + "/" + prefix);
            }
            for (Path f : files) loadFile(r, table, f, n);
        } catch (IOException e) {
            return r.finished(ImportRecord.FAILED, engine.clock().millis(), n.bytes, n.processed, n.imported, n.errors,
                    "S3ReadFailed", "Reading " + r.bucket() + " failed: " + e.getMessage());
        }
        return r.finished(ImportRecord.COMPLETED, engine.clock().millis(), n.bytes, n.processed, n.imported, n.errors, null, null);
    }

    private static final class Counts {
        long bytes, processed, imported, errors;
    }

    private void loadFile(ImportRecord r, TableCatalog.Entry table, Path file, Counts n) throws IOException {
        n.bytes += Files.size(file);
        boolean csv = r.format().equals("CSV");
        char delimiter = r.csvDelimiter() == null ? ',' : r.csvDelimiter().charAt(0);
        List<String> header = r.csvHeader();
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = r.compression().equals("GZIP") ? new GZIPInputStream(raw) : raw;
             BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank()) continue;
                if (csv && header == null) {
                    header = ImportLines.fields(line, delimiter);
                    continue;
                }
                n.processed++;
                Map<String, AttributeValue> item = csv ? ImportLines.csv(header, ImportLines.fields(line, delimiter), table.definition())
                        : ImportLines.json(line);
                if (item == null || !put(table, item)) n.errors++;
                else n.imported++;
            }
        }
    }

    /** Writes one item as a PutItem would; false when it lacks the key or an index refuses it. */
    private boolean put(TableCatalog.Entry table, Map<String, AttributeValue> item) {
        var keys = table.definition().keys();
        if (!item.containsKey(keys.hashName()) || (keys.hasRange() && !item.containsKey(keys.rangeName()))) return false;
        // every key attribute (of the table or an index) present must have its defined type
        for (var d : table.definition().attributeDefinitions().entrySet()) {
            AttributeValue v = item.get(d.getKey());
            if (v != null && v.type() != d.getValue()) return false;
            // key values may not be empty (as PutItem refuses them)
            if (v instanceof AttributeValue.S str && str.value().isEmpty()) return false;
            if (v instanceof AttributeValue.B bin && bin.value().length == 0) return false;
        }
        try {
            if (ItemCodec.encode(item).length > 400 * 1024) return false;
            engine.items().write(table.ref(), item, current -> item);
            return true;
        } catch (RuntimeException refused) {
            return false;
        }
    }
}
