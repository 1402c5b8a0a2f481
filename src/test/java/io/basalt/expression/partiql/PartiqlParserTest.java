package io.basalt.expression.partiql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.basalt.error.DynamoException;
import io.basalt.expression.Condition;
import io.basalt.model.AttributeValue;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PartiqlParserTest {
    @Test
    void whereClausesBecomeConditions() {
        var s = (PartiqlStatement.Select) PartiqlParser.parse(
                "select a.b[1], \"c d\" from \"t-1\" where pk = ? and (x between 1 and 2 or not y in (1, 2)) and z is not missing",
                List.of(new AttributeValue.S("k")));
        assertEquals(2, s.projection().size());
        assertEquals("c d", s.projection().get(1).topName());
        List<Condition> parts = Condition.conjuncts(s.where());
        assertEquals(3, parts.size());
        assertInstanceOf(Condition.Compare.class, parts.get(0));
        assertInstanceOf(Condition.Or.class, parts.get(1));
        assertInstanceOf(Condition.Not.class, parts.get(2));
        Map<String, AttributeValue> item = Map.of("pk", new AttributeValue.S("k"), "x", AttributeValue.n(1), "z", AttributeValue.n(0));
        assertEquals(true, s.where().test(item));
    }

    @Test
    void deepNestingIsASyntaxErrorNotAStackOverflow() {
        String deep = "SELECT * FROM tab WHERE " + "(".repeat(3000) + "a = 1" + ")".repeat(3000);
        DynamoException e = assertThrows(DynamoException.class, () -> PartiqlParser.parse(deep, null));
        assertEquals("Statement wasn't well formed, can't be processed: Expression nesting is too deep", e.getMessage());
        assertThrows(DynamoException.class, () -> PartiqlParser.parse("INSERT INTO tab VALUE " + "[".repeat(5000), null));
    }

    /** Random token soup never escapes as anything but the service's errors. */
    @Test
    void randomStatementsFailOnlyWithServiceErrors() {
        String[] words = {"SELECT", "*", "FROM", "tab", "\"t\"", ".", "WHERE", "a", "=", "<", "<>", "1", "'s'", "?", "AND", "OR", "NOT",
                "(", ")", "[", "]", "{", "}", "<<", ">>", ",", ":", "IN", "BETWEEN", "IS", "MISSING", "NULL", "UPDATE", "SET", "REMOVE",
                "DELETE", "INSERT", "INTO", "VALUE", "RETURNING", "ALL", "OLD", "NEW", "ORDER", "BY", "size", "begins_with", "+", "-",
                "set_add", "list_append", "EXISTS", ";", "1e400", "-0", "[-1]", "[99999999999]", "'"};
        Random r = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = 1 + r.nextInt(14);
            for (int j = 0; j < n; j++) sb.append(words[r.nextInt(words.length)]).append(' ');
            try {
                PartiqlParser.parse(sb.toString(), List.of(new AttributeValue.S("p")));
            } catch (DynamoException expected) {
                // fine: a 4xx
            }
        }
    }
}
