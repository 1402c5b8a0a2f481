package io.basalt.server.auth.policy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.basalt.wire.Json;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed IAM policy: {@code Version} and {@code Statement} (one object or a list). Element names
 * are case-sensitive as in IAM; unknown elements are refused so a typo never silently widens or
 * narrows access.
 */
public record PolicyDocument(String version, List<Statement> statements) {
    /** Whether the policy is attached to an identity (no Principal allowed) or to a resource (Principal required). */
    public enum Kind { IDENTITY, RESOURCE }

    private static final List<String> VERSIONS = List.of("2012-10-17", "2008-10-17");
    /** The service's words for a document that is not JSON (or not one JSON object); DDB-TABLE-211, live 2026-10-09. */
    static final String INVALID_JSON = "This policy contains invalid Json";

    /** Parses and checks a policy document. */
    public static PolicyDocument parse(String json, Kind kind) {
        Object root;
        try (JsonParser p = Json.FACTORY.createParser(json)) {
            if (p.nextToken() == null) throw new MalformedPolicyException(INVALID_JSON);
            root = tree(p);
            if (p.nextToken() != null) throw new MalformedPolicyException(INVALID_JSON);
        } catch (JsonProcessingException e) {
            throw new MalformedPolicyException(INVALID_JSON);
        } catch (IOException e) {
            throw new MalformedPolicyException(INVALID_JSON);
        }
        if (!(root instanceof Map<?, ?> top)) throw new MalformedPolicyException(INVALID_JSON);
        String version = null;
        List<Statement> statements = null;
        for (Map.Entry<?, ?> e : top.entrySet()) {
            switch ((String) e.getKey()) {
                case "Version" -> {
                    if (!(e.getValue() instanceof String v) || !VERSIONS.contains(v)) {
                        throw new MalformedPolicyException("Version must be \"2012-10-17\" or \"2008-10-17\"");
                    }
                    version = v;
                }
                case "Id" -> { }
                case "Statement" -> statements = statements(e.getValue(), kind);
                default -> throw new MalformedPolicyException("Unknown policy element: " + e.getKey());
            }
        }
        if (statements == null) throw new MalformedPolicyException("Missing required field Statement");
        if (kind == Kind.RESOURCE) {
            java.util.Set<String> sids = new java.util.HashSet<>();
            for (Statement s : statements) {
                if (s.sid() != null && !sids.add(s.sid())) {
                    // DDB-TABLE-356 (live 2026-10-09)
                    throw new MalformedPolicyException("The Statement Ids in the policy are not unique");
                }
            }
        }
        return new PolicyDocument(version == null ? "2008-10-17" : version, List.copyOf(statements));
    }

    private static List<Statement> statements(Object value, Kind kind) {
        List<?> list = value instanceof List<?> l ? l : List.of(value);
        if (list.isEmpty()) throw new MalformedPolicyException("Could not parse the policy: Statement is empty!");
        List<Statement> out = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof Map<?, ?> m)) throw new MalformedPolicyException("Statement " + (i + 1) + " is not an object");
            out.add(statement(m, "Statement " + (i + 1), kind));
        }
        return out;
    }

    private static Statement statement(Map<?, ?> m, String where, Kind kind) {
        String sid = null;
        Boolean allow = null;
        List<String> actions = null, notActions = null, resources = null, notResources = null, principals = null, notPrincipals = null;
        List<ConditionClause> conditions = List.of();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            String name = (String) e.getKey();
            Object v = e.getValue();
            switch (name) {
                case "Sid" -> {
                    if (!(v instanceof String s)) throw new MalformedPolicyException(where + ": Sid must be a string");
                    sid = s;
                }
                case "Effect" -> {
                    // the service reads the effect case-insensitively and stores it title-cased (DDB-TABLE-355, live 2026-10-09)
                    if (v instanceof String effect && effect.equalsIgnoreCase("Allow")) allow = true;
                    else if (v instanceof String effect && effect.equalsIgnoreCase("Deny")) allow = false;
                    else throw new MalformedPolicyException(where + ": Effect must be \"Allow\" or \"Deny\"");
                }
                case "Action" -> actions = actions(v, where, name);
                case "NotAction" -> notActions = actions(v, where, name);
                case "Resource" -> resources = strings(v, where, name);
                case "NotResource" -> notResources = strings(v, where, name);
                case "Principal" -> principals = principals(v, where, name);
                case "NotPrincipal" -> notPrincipals = principals(v, where, name);
                case "Condition" -> conditions = ConditionClause.parseBlock(v, where);
                default -> throw new MalformedPolicyException(where + ": unknown element " + name);
            }
        }
        if (allow == null) throw missing(kind, "Effect", where + ": Effect is missing");
        if (actions == null && notActions == null) throw missing(kind, "Action", where + ": give exactly one of Action and NotAction");
        if (actions != null && notActions != null) throw new MalformedPolicyException(where + ": give exactly one of Action and NotAction");
        if (resources == null && notResources == null) throw missing(kind, "Resource", where + ": give exactly one of Resource and NotResource");
        if (resources != null && notResources != null) {
            throw new MalformedPolicyException(where + ": give exactly one of Resource and NotResource");
        }
        boolean hasPrincipal = principals != null || notPrincipals != null;
        if (kind == Kind.IDENTITY && hasPrincipal) {
            throw new MalformedPolicyException(where + ": an identity policy must not name a Principal");
        }
        if (kind == Kind.RESOURCE && principals == null && notPrincipals == null) {
            throw missing(kind, "Principal", where + ": a resource policy needs exactly one of Principal and NotPrincipal");
        }
        if (kind == Kind.RESOURCE && principals != null && notPrincipals != null) {
            throw new MalformedPolicyException(where + ": a resource policy needs exactly one of Principal and NotPrincipal");
        }
        if (notPrincipals != null && allow) throw new MalformedPolicyException(where + ": NotPrincipal is allowed with \"Deny\" only");
        return new Statement(sid, allow, actions, notActions, resources, notResources, principals, notPrincipals, conditions);
    }

    /**
     * A statement without a required element. A resource policy gets the service's words ("Missing
     * required field Resource", DDB-TABLE-211, live 2026-10-09; the other elements by analogy); an
     * identity policy (auth file) says where.
     */
    private static MalformedPolicyException missing(Kind kind, String element, String located) {
        return new MalformedPolicyException(kind == Kind.RESOURCE ? "Missing required field " + element : located);
    }

    private static List<String> actions(Object v, String where, String element) {
        List<String> out = strings(v, where, element);
        for (String a : out) {
            if (!a.equals("*") && (a.indexOf(':') <= 0 || a.indexOf(':') == a.length() - 1)) {
                throw new MalformedPolicyException(where + ": " + element + " \"" + a + "\" must be \"*\" or \"service:action\"");
            }
        }
        return out;
    }

    static List<String> strings(Object v, String where, String element) {
        List<?> list = v instanceof List<?> l ? l : List.of(v);
        if (list.isEmpty()) throw new MalformedPolicyException(where + ": " + element + " is empty");
        List<String> out = new ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String s)) throw new MalformedPolicyException(where + ": " + element + " must hold strings");
            out.add(s);
        }
        return List.copyOf(out);
    }

    private static List<String> principals(Object v, String where, String element) {
        if ("*".equals(v)) return List.of("*");
        if (!(v instanceof Map<?, ?> m)) throw new MalformedPolicyException(where + ": " + element + " must be \"*\" or {\"AWS\": ...}");
        List<String> out = new ArrayList<>();
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (!"AWS".equals(e.getKey())) {
                throw new MalformedPolicyException(where + ": " + element + " " + e.getKey() + " is not supported (only \"AWS\")");
            }
            out.addAll(strings(e.getValue(), where, element));
        }
        if (out.isEmpty()) throw new MalformedPolicyException(where + ": " + element + " is empty");
        return List.copyOf(out);
    }

    /** The value the parser is on as String / Boolean / number text (String) / List / Map (insertion order). */
    static Object tree(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Object> m = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    p.nextToken();
                    if ((name.equals("Principal") || name.equals("NotPrincipal")) && p.currentToken() == JsonToken.VALUE_STRING
                            && !p.getText().equals("*")) {
                        // a bare principal string is a syntax error to the service (DDB-TABLE-356, live 2026-10-09)
                        var at = p.currentTokenLocation();
                        throw new MalformedPolicyException("Syntax error at position (" + at.getLineNr() + "," + at.getColumnNr() + ")");
                    }
                    if (m.put(name, tree(p)) != null) throw new MalformedPolicyException("Duplicate element " + name);
                }
                return m;
            }
            case START_ARRAY -> {
                List<Object> l = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) l.add(tree(p));
                return l;
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return p.getText(); // IAM compares booleans as strings
            }
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT, VALUE_STRING -> {
                return p.getText();
            }
            case VALUE_NULL -> throw new MalformedPolicyException("null is not a policy value");
            default -> throw new MalformedPolicyException("Unexpected JSON at " + p.currentLocation());
        }
    }
}
