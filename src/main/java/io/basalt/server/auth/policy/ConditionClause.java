package io.basalt.server.auth.policy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One operator / key / values triple of a Condition block. A block holds all its triples
 * (AND); the values of one triple are alternatives (OR), and for the negated operators
 * (StringNotEquals, ...) the key must match none of them.
 *
 * <p>A key the request does not have makes a positive operator false and a negated one true;
 * {@code ...IfExists} makes any operator true then; {@code Null} tests presence. With
 * {@code ForAllValues:} every value of the request's set must match (an absent or empty set: true);
 * with {@code ForAnyValue:} at least one must (an absent or empty set: false).
 */
public record ConditionClause(Operator operator, Qualifier qualifier, boolean ifExists, String key, List<String> values) {
    public enum Qualifier { NONE, FOR_ALL_VALUES, FOR_ANY_VALUE }

    /** The supported operators; {@code negated} ones hold when the value matches none of the policy's. */
    public enum Operator {
        StringEquals(false), StringNotEquals(true), StringEqualsIgnoreCase(false), StringNotEqualsIgnoreCase(true),
        StringLike(false), StringNotLike(true),
        NumericEquals(false), NumericNotEquals(true), NumericLessThan(false), NumericLessThanEquals(false),
        NumericGreaterThan(false), NumericGreaterThanEquals(false),
        DateEquals(false), DateNotEquals(true), DateLessThan(false), DateLessThanEquals(false),
        DateGreaterThan(false), DateGreaterThanEquals(false),
        Bool(false), IpAddress(false), NotIpAddress(true), ArnEquals(false), ArnLike(false), ArnNotEquals(true), ArnNotLike(true), Null(false);

        final boolean negated;

        Operator(boolean negated) {
            this.negated = negated;
        }
    }

    /** Parses a statement's Condition element. */
    static List<ConditionClause> parseBlock(Object block, String where) {
        if (!(block instanceof Map<?, ?> ops)) throw new MalformedPolicyException(where + ": Condition must be an object");
        List<ConditionClause> out = new ArrayList<>();
        for (Map.Entry<?, ?> op : ops.entrySet()) {
            String name = (String) op.getKey();
            Qualifier q = Qualifier.NONE;
            if (name.startsWith("ForAllValues:")) {
                q = Qualifier.FOR_ALL_VALUES;
                name = name.substring("ForAllValues:".length());
            } else if (name.startsWith("ForAnyValue:")) {
                q = Qualifier.FOR_ANY_VALUE;
                name = name.substring("ForAnyValue:".length());
            }
            boolean ifExists = name.endsWith("IfExists");
            if (ifExists) name = name.substring(0, name.length() - "IfExists".length());
            Operator operator;
            try {
                operator = Operator.valueOf(name);
            } catch (IllegalArgumentException unknown) {
                throw new MalformedPolicyException(where + ": unsupported condition operator " + op.getKey());
            }
            if (operator == Operator.Null && (ifExists || q != Qualifier.NONE)) {
                throw new MalformedPolicyException(where + ": " + op.getKey() + " is not a valid condition operator");
            }
            if (!(op.getValue() instanceof Map<?, ?> keys) || keys.isEmpty()) {
                throw new MalformedPolicyException(where + ": condition " + op.getKey() + " must map keys to values");
            }
            for (Map.Entry<?, ?> k : keys.entrySet()) {
                List<String> values = PolicyDocument.strings(k.getValue(), where, "Condition " + op.getKey() + " " + k.getKey());
                for (String v : values) check(operator, v, where);
                out.add(new ConditionClause(operator, q, ifExists, (String) k.getKey(), values));
            }
        }
        return List.copyOf(out);
    }

    private static void check(Operator op, String v, String where) {
        String family = family(op);
        if (family.equals("Numeric") && number(v) == null) throw new MalformedPolicyException(where + ": " + op + " needs numbers, not " + v);
        if (family.equals("Date") && instant(v) == null) throw new MalformedPolicyException(where + ": " + op + " needs dates, not " + v);
        if ((op == Operator.IpAddress || op == Operator.NotIpAddress) && !validRange(v)) {
            throw new MalformedPolicyException(where + ": " + op + " needs an IP address or CIDR range, not " + v);
        }
        if ((op == Operator.Bool || op == Operator.Null) && !v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
            throw new MalformedPolicyException(where + ": " + op + " needs true or false, not " + v);
        }
    }

    /** Whether the request's keys satisfy this clause. */
    public boolean test(ContextKeys keys) {
        List<String> requestValues = keys.get(key);
        if (operator == Operator.Null) {
            boolean absent = requestValues == null || requestValues.isEmpty();
            return values.stream().anyMatch(v -> Boolean.parseBoolean(v.toLowerCase(Locale.ROOT)) == absent);
        }
        switch (qualifier) {
            case FOR_ALL_VALUES -> {
                if (requestValues == null || requestValues.isEmpty()) return true;
                for (String r : requestValues) if (!holdsFor(r, keys)) return false;
                return true;
            }
            case FOR_ANY_VALUE -> {
                if (requestValues == null || requestValues.isEmpty()) return false;
                for (String r : requestValues) if (holdsFor(r, keys)) return true;
                return false;
            }
            default -> {
                if (requestValues == null || requestValues.isEmpty()) return ifExists || operator.negated;
                if (operator.negated) {
                    for (String r : requestValues) if (!holdsFor(r, keys)) return false;
                    return true;
                }
                for (String r : requestValues) if (holdsFor(r, keys)) return true;
                return false;
            }
        }
    }

    /** The operator applied to one request value: matches one of the values (negated: none of them). */
    private boolean holdsFor(String requestValue, ContextKeys keys) {
        boolean any = false;
        for (String v : values) {
            if (matchesOne(requestValue, v, keys)) {
                any = true;
                break;
            }
        }
        return operator.negated != any;
    }

    private boolean matchesOne(String r, String v, ContextKeys keys) {
        return switch (operator) {
            case StringEquals, StringNotEquals -> Patterns.matches(v, r, keys::single, false, false);
            case StringEqualsIgnoreCase, StringNotEqualsIgnoreCase -> Patterns.matches(v, r, keys::single, false, true);
            case StringLike, StringNotLike -> Patterns.matches(v, r, keys::single, true, false);
            case ArnEquals, ArnLike, ArnNotEquals, ArnNotLike -> Patterns.arnMatches(v, r, keys::single);
            case Bool -> v.equalsIgnoreCase(r);
            case IpAddress, NotIpAddress -> inRange(r, v);
            case NumericEquals, NumericNotEquals, NumericLessThan, NumericLessThanEquals, NumericGreaterThan,
                 NumericGreaterThanEquals -> compare(number(r), number(v));
            case DateEquals, DateNotEquals, DateLessThan, DateLessThanEquals, DateGreaterThan, DateGreaterThanEquals ->
                    compare(instant(r), instant(v));
            case Null -> false;
        };
    }

    private <T extends Comparable<T>> boolean compare(T request, T policy) {
        if (request == null || policy == null) return false;
        int c = request.compareTo(policy);
        return switch (operator) {
            case NumericEquals, NumericNotEquals, DateEquals, DateNotEquals -> c == 0;
            case NumericLessThan, DateLessThan -> c < 0;
            case NumericLessThanEquals, DateLessThanEquals -> c <= 0;
            case NumericGreaterThan, DateGreaterThan -> c > 0;
            default -> c >= 0;
        };
    }

    private static String family(Operator op) {
        String n = op.name();
        if (n.startsWith("Numeric")) return "Numeric";
        if (n.startsWith("Date")) return "Date";
        return n;
    }

    private static BigDecimal number(String s) {
        try {
            return new BigDecimal(s.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean validRange(String cidr) {
        int slash = cidr.indexOf('/');
        byte[] net = address(slash < 0 ? cidr : cidr.substring(0, slash));
        if (net == null) return false;
        if (slash < 0) return true;
        try {
            int bits = Integer.parseInt(cidr.substring(slash + 1));
            return bits >= 0 && bits <= net.length * 8;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** Whether an address lies in a CIDR range (or equals a plain address); IPv4 and IPv6. */
    static boolean inRange(String ip, String cidr) {
        if (!validRange(cidr)) return false;
        int slash = cidr.indexOf('/');
        byte[] net = address(slash < 0 ? cidr : cidr.substring(0, slash));
        byte[] addr = address(ip);
        if (addr == null || addr.length != net.length) return false;
        int bits = slash < 0 ? net.length * 8 : Integer.parseInt(cidr.substring(slash + 1));
        for (int i = 0; i < bits; i++) {
            int mask = 0x80 >> (i % 8);
            if ((addr[i / 8] & mask) != (net[i / 8] & mask)) return false;
        }
        return true;
    }

    /** The bytes of a literal IPv4 or IPv6 address (never a host name: no lookup), or null. */
    private static byte[] address(String s) {
        String t = s.trim();
        boolean v4 = t.matches("\\d{1,3}(\\.\\d{1,3}){3}");
        boolean v6 = t.indexOf(':') >= 0 && t.matches("[0-9A-Fa-f:.]+");
        if (!v4 && !v6) return null; // never a host name: getByName would look it up
        try {
            return java.net.InetAddress.getByName(t).getAddress();
        } catch (java.net.UnknownHostException e) {
            return null;
        }
    }

    /** ISO 8601 (with a zone, or a plain date) or epoch seconds. */
    static Instant instant(String s) {
        String t = s.trim();
        try {
            if (t.matches("-?\\d+")) return Instant.ofEpochSecond(Long.parseLong(t));
            if (t.matches("\\d{4}-\\d{2}-\\d{2}")) return Instant.parse(t + "T00:00:00Z");
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException | NumberFormatException e) {
            return null;
        }
    }
}
