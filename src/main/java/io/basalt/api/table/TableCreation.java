package io.basalt.api.table;

import com.fasterxml.jackson.core.JsonParser;
import io.basalt.engine.Engine;
import io.basalt.engine.catalog.StreamSettings;
import io.basalt.engine.catalog.TableDefinition;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * A new table's definition from CreateTable's members, checked as CreateTable checks them: shared
 * by CreateTable and ImportTable (whose TableCreationParameters take the same members).
 */
public final class TableCreation {
    /** The members as sent. */
    public static final class Parameters {
        final CreateTableRequest request;

        Parameters(CreateTableRequest request) {
            this.request = request;
        }

        public String tableName() {
            return request.tableName();
        }
    }

    private TableCreation() {}

    public static Parameters parse(JsonParser p) throws IOException {
        return new Parameters(CreateTableRequest.parse(p));
    }

    /** Checks the members (ValidationException as CreateTable words it) and builds the definition (no tags, stream or policy). */
    public static TableDefinition define(Engine engine, Parameters p) {
        return define(engine, p.request, StreamSettings.NONE, new LinkedHashMap<>());
    }

    static TableDefinition define(Engine engine, CreateTableRequest r, StreamSettings stream, Map<String, String> tags) {
        return build(engine, r, CreateTableValidator.semantics(r, engine.catalog()::allocateId), stream, tags);
    }

    static TableDefinition build(Engine engine, CreateTableRequest r, CreateTableValidator.Validated v, StreamSettings stream,
                                 Map<String, String> tags) {
        return new TableDefinition(r.tableName(), engine.catalog().allocateId(), UUID.randomUUID().toString(),
                engine.clock().millis() / 1000.0, v.attributes(), v.keys(), v.billingMode(), v.throughput(), 0,
                v.onDemand(), v.lsis(), v.gsis(), stream, Boolean.TRUE.equals(r.deletionProtectionEnabled()),
                r.tableClass(), null, tags, null).toBuilder().warm(v.warm()).vectorIndexes(v.vectors()).build();
    }

    /** {@link #define} after CreateTable's member constraints. */
    public static TableDefinition checkedDefine(Engine engine, Parameters p) {
        CreateTableValidator.constraints(p.request);
        return define(engine, p);
    }
}
