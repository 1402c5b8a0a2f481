package io.basalt.api.partiql;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.api.Operation;
import io.basalt.api.RequestContext;
import io.basalt.api.common.Constraints;
import io.basalt.api.common.ConsumedCapacityWriter;
import io.basalt.api.common.MeteredWrite;
import io.basalt.api.table.TableNames;
import io.basalt.engine.Engine;
import io.basalt.engine.capacity.TableCapacity;
import io.basalt.engine.capacity.WriteCapacity;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.item.WriteOutcome;
import io.basalt.error.DynamoException;
import io.basalt.expression.partiql.PartiqlErrors;
import io.basalt.expression.partiql.PartiqlNumbers;
import io.basalt.expression.partiql.PartiqlParser;
import io.basalt.expression.partiql.PartiqlStatement;
import io.basalt.model.AttributeValue;
import io.basalt.wire.AttributeValueJson;
import io.basalt.wire.JsonIn;
import io.basalt.wire.Member;
import io.basalt.wire.Members;
import io.basalt.wire.Structure;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/** ExecuteStatement: one PartiQL statement — a SELECT (Query, Scan or GetItem) or a single-item write. */
public final class ExecuteStatement implements Operation<ExecuteStatement.Request> {
    static final String RETURN_ON_FAILURE_ENUM = "[ALL_OLD, NONE]";

    record Request(String statement, List<AttributeValue> parameters, Boolean consistentRead, String nextToken,
                   Long limit, String returnConsumedCapacity, String returnValuesOnConditionCheckFailure) {}

    private final Engine engine;

    public ExecuteStatement(Engine engine) {
        this.engine = engine;
    }

    @Override public String name() { return "ExecuteStatement"; }

    private static final Member<String> STATEMENT = Member.string("Statement");
    private static final Member<List<AttributeValue>> PARAMETERS =
            Member.of("Parameters", q -> JsonIn.list(q, ExecuteStatement::readParameter));
    private static final Member<Boolean> CONSISTENT_READ = Member.bool("ConsistentRead");
    private static final Member<String> NEXT_TOKEN = Member.string("NextToken");
    private static final Member<Long> LIMIT = Member.integer("Limit");
    private static final Member<String> RETURN_CONSUMED_CAPACITY = Member.string("ReturnConsumedCapacity");
    private static final Member<String> RVOCF = Member.string("ReturnValuesOnConditionCheckFailure");
    private static final Structure SHAPE = Structure.of(STATEMENT, PARAMETERS, CONSISTENT_READ, NEXT_TOKEN, LIMIT,
            RETURN_CONSUMED_CAPACITY, RVOCF);

    @Override
    public Request parse(JsonParser p) throws IOException {
        Members m = SHAPE.readOrEmpty(p);
        return new Request(m.get(STATEMENT), m.get(PARAMETERS), m.get(CONSISTENT_READ), m.get(NEXT_TOKEN), m.get(LIMIT),
                m.get(RETURN_CONSUMED_CAPACITY), m.get(RVOCF));
    }

    /**
     * One statement object of BatchExecuteStatement / ExecuteTransaction (BatchStatementRequest,
     * ParameterizedStatement).
     */
    record StatementMember(String statement, List<AttributeValue> parameters, Boolean consistentRead,
                           String returnValuesOnConditionCheckFailure, DynamoException parameterError) {

        private static final Structure SHAPE = Structure.of(STATEMENT, PARAMETERS, CONSISTENT_READ, RVOCF);
        private static final Member<SlotParameters> SLOT_PARAMETERS = Member.of("Parameters", SlotParameters::read);
        private static final Structure SLOT_SHAPE = Structure.of(STATEMENT, SLOT_PARAMETERS, CONSISTENT_READ, RVOCF);

        /** Statements whose parameter errors fail the whole request (ExecuteTransaction). */
        static List<StatementMember> parseList(JsonParser p) throws IOException {
            return JsonIn.list(p, x -> {
                Members m = SHAPE.readOrEmpty(x);
                return new StatementMember(m.get(STATEMENT), m.get(PARAMETERS), m.get(CONSISTENT_READ), m.get(RVOCF), null);
            });
        }

        /** Statements whose parameter errors fail only their own slot (BatchExecuteStatement). */
        static List<StatementMember> parseSlots(JsonParser p) throws IOException {
            return JsonIn.list(p, x -> {
                Members m = SLOT_SHAPE.readOrEmpty(x);
                SlotParameters params = m.get(SLOT_PARAMETERS);
                return new StatementMember(m.get(STATEMENT), params == null ? null : params.values(), m.get(CONSISTENT_READ),
                        m.get(RVOCF), params == null ? null : params.error());
            });
        }

        /** Adds this member's constraints; {@code path} is e.g. "statements.1.member.". */
        Constraints check(Constraints c, String path) {
            return statementConstraints(c, statement, parameters, path).enumValue(returnValuesOnConditionCheckFailure,
                    path + "returnValuesOnConditionCheckFailure", RETURN_ON_FAILURE_ENUM);
        }
    }


    /**
     * Numbers in Parameters (also inside lists, maps and number sets) follow PartiQL's rules where the item
     * API's refuse them ({@link PartiqlNumbers#parameterError}).
     */
    private static final AttributeValueJson.NumberReader PARAMETER_NUMBERS = text -> {
        try {
            return AttributeValueJson.ITEM_API.parse(text);
        } catch (DynamoException e) {
            String message = PartiqlNumbers.parameterError(text, e.getMessage());
            if (message.equals(e.getMessage())) throw e;
            throw DynamoException.validation(e.family(), message);
        }
    };

    /** One value of Parameters. */
    static AttributeValue readParameter(JsonParser p) throws IOException {
        return AttributeValueJson.read(p, PARAMETER_NUMBERS);
    }

    /**
     * A batch statement's Parameters: the values, and the first validation error one of them raised (a number
     * that cannot be converted, nesting too deep), which fails that statement's slot only (live 2026-10,
     * paritysuite partiqlParameterNumbers). The rest of a failed value, and the values after it, are skipped.
     */
    record SlotParameters(List<AttributeValue> values, DynamoException error) {
        static SlotParameters read(JsonParser p) throws IOException {
            DynamoException[] error = new DynamoException[1];
            List<AttributeValue> values = JsonIn.list(p, x -> {
                if (error[0] != null) {
                    x.skipChildren();
                    return null;
                }
                com.fasterxml.jackson.core.JsonStreamContext list = x.getParsingContext().getParent();
                try {
                    return readParameter(x);
                } catch (DynamoException e) {
                    if (e.type() != io.basalt.error.ErrorType.VALIDATION || list == null) throw e;
                    error[0] = e;
                    while (x.getParsingContext() != list) {
                        if (x.nextToken() == null) throw e;
                    }
                    return null;
                }
            });
            return values == null ? null : new SlotParameters(values, error[0]);
        }
    }

    /** Member constraints of one statement with its parameters (shared with the batch and transaction forms). */
    static Constraints statementConstraints(Constraints c, String statement, List<AttributeValue> parameters, String prefix) {
        return c.notNull(statement, prefix + "statement").minLength(statement, prefix + "statement", 1)
                .maxLength(statement, prefix + "statement", 8192).minSize(parameters, prefix + "parameters", 1);
    }

    @Override
    public void execute(RequestContext ctx, Request r, JsonGenerator out) throws IOException {
        statementConstraints(new Constraints(), r.statement(), r.parameters(), "")
                .minLength(r.nextToken(), "nextToken", 1).maxLength(r.nextToken(), "nextToken", 32768)
                .min(r.limit(), "limit", 1)
                .enumValue(r.returnConsumedCapacity(), "returnConsumedCapacity", ConsumedCapacityWriter.ENUM)
                .enumValue(r.returnValuesOnConditionCheckFailure(), "returnValuesOnConditionCheckFailure", RETURN_ON_FAILURE_ENUM)
                .check();
        PartiqlStatement s = PartiqlParser.parse(r.statement(), r.parameters());
        if (s instanceof PartiqlStatement.Exists) {
            throw PartiqlErrors.invalid("EXISTS can only be used in ExecuteTransaction write requests.");
        }
        if (s instanceof PartiqlStatement.Select select) {
            select(ctx, r, select, out);
            return;
        }
        WriteStatements.Prepared p = WriteStatements.prepare(engine, ctx, s, r.returnValuesOnConditionCheckFailure());
        MeteredWrite metered = MeteredWrite.run(engine, ctx, p.table(), p.key(), null, p.mutation());
        WriteOutcome w = metered.outcome();
        out.writeStartObject();
        out.writeArrayFieldStart("Items");
        Map<String, AttributeValue> returned = WriteStatements.returned(p, w);
        if (returned != null && !returned.isEmpty()) AttributeValueJson.writeItem(out, returned);
        out.writeEndArray();
        if (ConsumedCapacityWriter.wanted(r.returnConsumedCapacity())) {
            WriteCapacity units = metered.units();
            ConsumedCapacityWriter.writeMember(out, r.returnConsumedCapacity(), p.table().definition().name(), units.table(),
                    units.globalIndexes(), units.localIndexes());
        }
        out.writeEndObject();
    }

    private void select(RequestContext ctx, Request r, PartiqlStatement.Select s, JsonGenerator out) throws IOException {
        boolean consistent = Boolean.TRUE.equals(r.consistentRead());
        SelectRunner.Plan plan = SelectRunner.plan(engine, ctx, s, consistent);
        SelectRunner.Position start = r.nextToken() == null ? null : NextTokens.decode(r.nextToken(), r.statement(), r.parameters());
        int limit = r.limit() == null ? Integer.MAX_VALUE : (int) Math.min(Integer.MAX_VALUE, r.limit());
        SelectRunner.Page page = SelectRunner.read(engine, plan, start, limit, consistent);
        // metered per table and index; a statement's reads are not attributed to partitions nor throttled
        TableCapacity cap = engine.capacity().of(plan.table());
        if (cap != null) cap.chargeRead(plan.target().isIndex() ? plan.target().index() : null, null, page.units());
        out.writeStartObject();
        out.writeArrayFieldStart("Items");
        for (Map<String, AttributeValue> item : page.items()) {
            AttributeValueJson.writeItem(out, plan.projection() == null ? item : plan.projection().apply(item));
        }
        out.writeEndArray();
        if (page.next() != null) out.writeStringField("NextToken", NextTokens.encode(r.statement(), r.parameters(), page.next()));
        if (page.lastItem() != null) {
            out.writeFieldName("LastEvaluatedKey");
            AttributeValueJson.writeItem(out, plan.target().lastKeyOf(page.lastItem()));
        }
        if (ConsumedCapacityWriter.wanted(r.returnConsumedCapacity())) {
            String tableName = plan.table().definition().name();
            if (!plan.target().isIndex()) {
                ConsumedCapacityWriter.writeMember(out, r.returnConsumedCapacity(), tableName, page.units(), Map.of(), Map.of());
            } else {
                Map<String, Double> idx = Map.of(plan.target().index().name(), page.units());
                boolean global = plan.target().index().global();
                ConsumedCapacityWriter.writeMember(out, r.returnConsumedCapacity(), tableName, 0,
                        global ? idx : Map.of(), global ? Map.of() : idx);
            }
        }
        out.writeEndObject();
    }
}
