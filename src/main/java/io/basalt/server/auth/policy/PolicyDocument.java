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

    /** Parses and checks a policy document. */
    public static PolicyDocument parse(String json, Kind kind) {
        Object root;
        try (JsonParser p = Json.FACTORY.createParser(json)) {
            if (p.nextToken() == null) throw new MalformedPolicyException("The policy is empty");
            root = tree(p);
            if (p.nextToken() != null) throw new MalformedPolicyException("The policy holds more than one JSON value");
        } catch (JsonProcessingException e) {
            throw new MalformedPolicyException("The policy is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new MalformedPolicyException("The policy could not be read: " + e.getMessage());
        }
        if (!(root instanceof Map<?, ?> top)) throw new MalformedPolicyException("A policy is a JSON object");
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
        if (statements == null) throw new MalformedPolicyException("The policy has no Statement");
        return new PolicyDocument(version == null ? "2008-10-17" : version, List.copyOf(statements));
    }

    private static List<Statement> statements(Object value, Kind kind) {
        List<?> list = value instanceof List<?> l ? l : List.of(value);
        if (list.isEmpty()) throw new MalformedPolicyException("Statement is empty");
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
                    if ("Allow".equals(v)) allow = true;
                    else if ("Deny".equals(v)) allow = false;
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
        if (allow == null) throw new MalformedPolicyException(where + ": Effect is missing");
        if ((actions == null) == (notActions == null)) throw new MalformedPolicyException(where + ": give exactly one of Action and NotAction");
        if ((resources == null) == (notResources == null)) {
            throw new MalformedPolicyException(where + ": give exactly one of Resource and NotResource");
        }
        boolean hasPrincipal = principals != null || notPrincipals != null;
        if (kind == Kind.IDENTITY && hasPrincipal) {
            throw new MalformedPolicyException(where + ": an identity policy must not name a Principal");
        }
        if (kind == Kind.RESOURCE && (principals == null) == (notPrincipals == null)) {
            throw new MalformedPolicyException(where + ": a resource policy needs exactly one of Principal and NotPrincipal");
        }
        if (notPrincipals != null && allow) throw new MalformedPolicyException(where + ": NotPrincipal is allowed with \"Deny\" only");
        return new Statement(sid, allow, actions, notActions, resources, notResources, principals, notPrincipals, conditions);
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
