package io.basalt.expression.partiql;

import io.basalt.expression.Condition;
import io.basalt.expression.Path;
import io.basalt.expression.UpdateAction;
import io.basalt.model.AttributeValue;
import java.util.List;
import java.util.Map;

/** A parsed DynamoDB PartiQL statement, with its parameters bound. WHERE clauses are conditions of the expression model. */
public sealed interface PartiqlStatement {
    /** The table the statement names. */
    String table();

    /** Whether the statement reads (SELECT) rather than writes. */
    default boolean isRead() {
        return this instanceof Select;
    }

    /**
     * SELECT.
     *
     * @param index the index after "table"."index", or null
     * @param projection the selected paths, or null for *
     * @param where the WHERE condition, or null
     * @param orderBy ORDER BY attribute names (empty when none)
     * @param count whether the projection was COUNT(...), which the service refuses once the index it reads is known
     */
    record Select(String table, String index, List<Path> projection, Condition where, List<String> orderBy,
                  boolean descending, boolean count) implements PartiqlStatement {
        /** The refusal of a COUNT(...) projection. */
        public static io.basalt.error.DynamoException countRefused() {
            return PartiqlErrors.syntax("Unexpected keyword");
        }
    }

    record Insert(String table, Map<String, AttributeValue> item) implements PartiqlStatement {}

    /** @param returning ALL_OLD, MODIFIED_OLD, ALL_NEW, MODIFIED_NEW or null */
    record Update(String table, UpdateAction action, Condition where, String returning) implements PartiqlStatement {}

    /** @param returning ALL_OLD or null */
    record Delete(String table, Condition where, String returning) implements PartiqlStatement {}

    /** EXISTS(SELECT ...): a condition check inside ExecuteTransaction. */
    record Exists(Select select) implements PartiqlStatement {
        public String table() {
            return select.table();
        }

        public boolean isRead() {
            return false;
        }
    }
}
