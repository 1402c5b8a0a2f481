package io.basalt.api.partiql;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.common.MeteredWrite;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.CapacityUnits;
import io.basalt.engine.capacity.Partition;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.item.ItemStore;
import io.basalt.error.DynamoException;
import io.basalt.expression.partiql.PartiqlErrors;
import io.basalt.expression.partiql.PartiqlParser;
import io.basalt.expression.partiql.PartiqlStatement;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchExecuteStatement: up to 25 statements, all reads (each a GetItem by full key) or all
 * writes (each a single-item write); every statement succeeds or fails on its own, and the
 * response holds one result or Error per statement, in order.
 */
public final class BatchExecuteStatement implements Operation<BatchExecuteStatement.Request> {
    static final int MAX_STATEMENTS = io.basalt.model.ServiceLimits.BATCH_STATEMENTS;

    record Request(List<ExecuteStatement.StatementMember> statements, String returnConsumedCapacity) {}

    private final Engine engine;

    public BatchExecuteStatement(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "BatchExecuteStatement"; }

    private static final Member<List<ExecuteStatement.StatementMember>> STATEMENTS =
            Member.of("Statements", ExecuteStatement.StatementMember::parseSlots);
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Structure SHAPE = Structure.of(STATEMENTS, RETURN_CONSUMED_CAPACITY);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(STATEMENTS), m.get(RETURN_CONSUMED_CAPACITY));
    }

    /** A statement's parse result: the statement or its error. */
    private record Parsed(PartiqlStatement statement, DynamoException error) {}

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        Constraints c = new Constraints().notNull(r.statements(), "statements").minSize(r.statements(), "statements", 1)
                .maxSize(r.statements(), "statements", MAX_STATEMENTS)
                .enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM);
        if (r.statements() != null) {
            for (int i = 0; i < r.statements().size(); i++) {
                r.statements().get(i).check(c, "statements." + (i + 1) + ".member.");
            }
        }
        c.check();
        List<Parsed> parsed = new ArrayList<>();
        boolean reads = false, writes = false;
        for (ExecuteStatement.StatementMember s : r.statements()) {
            try {
                if (s.parameterError() != null) throw s.parameterError();
                PartiqlStatement st = PartiqlParser.parse(s.statement(), s.parameters());
                if (st instanceof PartiqlStatement.Exists) {
                    throw PartiqlErrors.invalid("EXISTS can only be used in ExecuteTransaction write requests.");
                }
                reads |= st.isRead();
                writes |= !st.isRead();
                parsed.add(new Parsed(st, null));
            } catch (DynamoException e) {
                parsed.add(new Parsed(null, e));
            }
        }
        if (reads && writes) {
            throw PartiqlErrors.invalid("Read and write requests together in the same batch is not supported.");
        }
        Map<String, Double> units = new LinkedHashMap<>();
        out.writeStartObject();
        out.writeArrayFieldStart("Responses");
        for (int i = 0; i < parsed.size(); i++) {
            out.writeStartObject();
            Parsed p = parsed.get(i);
            if (p.error() != null) {
                StatementErrors.write(out, p.error());
            } else {
                out.writeStringField("TableName", p.statement().table());
                try {
                    if (p.statement() instanceof PartiqlStatement.Select s) read(ctx, s, r.statements().get(i), out, units);
                    else write(ctx, p.statement(), r.statements().get(i), units);
                } catch (DynamoException e) {
                    StatementErrors.write(out, e);
                }
            }
            out.writeEndObject();
        }
        out.writeEndArray();
        ConsumedCapacityWriter.writeList(out, r.returnConsumedCapacity(), units);
        out.writeEndObject();
    }

    private void read(RequestContext ctx, PartiqlStatement.Select s, ExecuteStatement.StatementMember request, JsonGenerator out,
                      Map<String, Double> units) throws IOException {
        // one text for a read of an index and a WHERE without the full key (live eu-west-1 2026-09-02, eu-west-2 2026-10)
        String needsKey = "Select statements within BatchExecuteStatement must specify the primary key in the where clause.";
        SelectRunner.KeyedRead k = SelectRunner.keyed(engine, ctx, s, needsKey, needsKey);
        TableCapacity cap = engine.capacity().of(k.table());
        Partition part = cap == null ? null : cap.admitRead(ctx.region(), k.key());
        ItemStore.Stored stored = engine.items().read(k.table().ref(), k.key());
        double u = CapacityUnits.read(stored == null ? 0 : stored.size(), Boolean.TRUE.equals(request.consistentRead()));
        if (cap != null) cap.chargeRead(null, part, u);
        units.merge(k.table().definition().name(), u, Double::sum);
        Map<String, AttributeValue> item = k.result(stored == null ? null : stored.item());
        if (item != null) {
            out.writeFieldName("Item");
            AttributeValueJson.writeItem(out, item);
        }
    }

    private void write(RequestContext ctx, PartiqlStatement s, ExecuteStatement.StatementMember request, Map<String, Double> units) {
        WriteStatements.Prepared p = WriteStatements.prepare(engine, ctx, s, request.returnValuesOnConditionCheckFailure());
        MeteredWrite w = MeteredWrite.run(engine, ctx, p.table(), p.key(), null, p.mutation());
        units.merge(p.table().definition().name(), w.units().total(), Double::sum);
    }
}
