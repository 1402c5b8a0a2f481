package io.basalt.server.auth.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.auth.policy.PolicyEvaluator.Decision;
import java.util.List;
import org.junit.jupiter.api.Test;

/** IAM evaluation semantics: default deny, Deny wins, wildcards, NotAction/NotResource, variables, operators, set qualifiers. */
class PolicyEvaluatorTest {
    static final String ACCOUNT = "111122223333";
    static final String TABLE = "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Books";
    static final PolicyEvaluator.Caller ALICE = new PolicyEvaluator.Caller("arn:aws:iam::" + ACCOUNT + ":user/alice", ACCOUNT);

    static PolicyDocument identity(String statements) {
        return PolicyDocument.parse("{\"Version\":\"2012-10-17\",\"Statement\":" + statements + "}", PolicyDocument.Kind.IDENTITY);
    }

    static PolicyDocument resource(String statements) {
        return PolicyDocument.parse("{\"Version\":\"2012-10-17\",\"Statement\":" + statements + "}", PolicyDocument.Kind.RESOURCE);
    }

    static ContextKeys keys() {
        return new ContextKeys().put("aws:username", "alice").put("aws:PrincipalAccount", ACCOUNT);
    }

    static Decision eval(PolicyDocument p, String action, String resource, ContextKeys k) {
        return PolicyEvaluator.evaluate(List.of(p), false, null, ALICE, action, resource, k);
    }

    static boolean allows(String statement, String action, String resource, ContextKeys k) {
        return eval(identity(statement), action, resource, k) == Decision.ALLOW;
    }

    static boolean condition(String condition, ContextKeys k) {
        return allows("{\"Effect\":\"Allow\",\"Action\":\"dynamodb:GetItem\",\"Resource\":\"*\",\"Condition\":" + condition + "}",
                "dynamodb:GetItem", TABLE, k);
    }

    @Test
    void nothingIsAllowedByDefault() {
        assertEquals(Decision.IMPLICIT_DENY, PolicyEvaluator.evaluate(List.of(), false, null, ALICE, "dynamodb:GetItem", TABLE, keys()));
        assertEquals(Decision.IMPLICIT_DENY, eval(identity("{\"Effect\":\"Allow\",\"Action\":\"dynamodb:PutItem\",\"Resource\":\"*\"}"),
                "dynamodb:GetItem", TABLE, keys()));
        assertEquals(Decision.ALLOW, PolicyEvaluator.evaluate(List.of(), true, null, ALICE, "dynamodb:GetItem", TABLE, keys()));
    }

    @Test
    void anExplicitDenyWinsOverEveryAllow() {
        PolicyDocument p = identity("[{\"Effect\":\"Allow\",\"Action\":\"dynamodb:*\",\"Resource\":\"*\"},"
                + "{\"Effect\":\"Deny\",\"Action\":\"dynamodb:DeleteItem\",\"Resource\":\"" + TABLE + "\"}]");
        assertEquals(Decision.ALLOW, eval(p, "dynamodb:GetItem", TABLE, keys()));
        assertEquals(Decision.IDENTITY_DENY, eval(p, "dynamodb:DeleteItem", TABLE, keys()));
        assertEquals(Decision.IDENTITY_DENY, PolicyEvaluator.evaluate(List.of(p), true, null, ALICE, "dynamodb:DeleteItem", TABLE, keys()));
        PolicyDocument denyAll = resource("{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"dynamodb:GetItem\",\"Resource\":\"*\"}");
        assertEquals(Decision.RESOURCE_DENY, PolicyEvaluator.evaluate(List.of(p), false, denyAll, ALICE, "dynamodb:GetItem", TABLE, keys()));
    }

    @Test
    void actionsMatchWithWildcardsAndIgnoringCase() {
        String s = "{\"Effect\":\"Allow\",\"Action\":[\"dynamodb:Get*\",\"DYNAMODB:batchwrite?tem\"],\"Resource\":\"*\"}";
        assertTrue(allows(s, "dynamodb:GetItem", TABLE, keys()));
        assertTrue(allows(s, "dynamodb:GetRecords", TABLE, keys()));
        assertTrue(allows(s, "dynamodb:BatchWriteItem", TABLE, keys()));
        assertFalse(allows(s, "dynamodb:PutItem", TABLE, keys()));
        assertTrue(allows("{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\"}", "dynamodb:PutItem", TABLE, keys()));
    }

    @Test
    void notActionAndNotResourceMatchEverythingElse() {
        String s = "{\"Effect\":\"Allow\",\"NotAction\":\"dynamodb:Delete*\",\"NotResource\":\"arn:aws:dynamodb:*:*:table/Secret*\"}";
        assertTrue(allows(s, "dynamodb:GetItem", TABLE, keys()));
        assertFalse(allows(s, "dynamodb:DeleteItem", TABLE, keys()));
        assertFalse(allows(s, "dynamodb:GetItem", "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/SecretThings", keys()));
    }

    @Test
    void resourceWildcardsStayWithinOneArnPart() {
        String s = "{\"Effect\":\"Allow\",\"Action\":\"dynamodb:Query\",\"Resource\":[\"arn:aws:dynamodb:*:*:table/Books/index/*\"]}";
        assertTrue(allows(s, "dynamodb:Query", TABLE + "/index/ByAuthor", keys()));
        assertFalse(allows(s, "dynamodb:Query", TABLE, keys()));
        String q = "{\"Effect\":\"Allow\",\"Action\":\"dynamodb:GetItem\",\"Resource\":\"arn:aws:dynamodb:us-east-?:*:table/Book?\"}";
        assertTrue(allows(q, "dynamodb:GetItem", TABLE, keys()));
        assertFalse(allows(q, "dynamodb:GetItem", "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/Bookss", keys()));
        String stream = "{\"Effect\":\"Allow\",\"Action\":\"dynamodb:GetRecords\",\"Resource\":\"" + TABLE + "/stream/*\"}";
        assertTrue(allows(stream, "dynamodb:GetRecords", TABLE + "/stream/2026-01-01T00:00:00.000", keys()));
        // a wildcard in the region part does not reach into the account part
        assertFalse(allows("{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"arn:aws:dynamodb:*:table/Books\"}",
                "dynamodb:GetItem", TABLE, keys()));
    }

    @Test
    void policyVariablesAreReplacedAndEscapesAreLiteral() {
        String s = "{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"arn:aws:dynamodb:*:${aws:PrincipalAccount}:table/${aws:username}-*\"}";
        assertTrue(allows(s, "dynamodb:GetItem", "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/alice-notes", keys()));
        assertFalse(allows(s, "dynamodb:GetItem", "arn:aws:dynamodb:us-east-1:" + ACCOUNT + ":table/bob-notes", keys()));
        String literalStar = "{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"arn:aws:dynamodb:*:*:table/a${*}b${?}${$}\"}";
        assertTrue(allows(literalStar, "dynamodb:GetItem", "arn:aws:dynamodb:r:1:table/a*b?$", keys()));
        assertFalse(allows(literalStar, "dynamodb:GetItem", "arn:aws:dynamodb:r:1:table/axxb1$", keys()));
        // a variable without a value matches nothing, unless it has a default
        String missing = "{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"arn:aws:dynamodb:*:*:table/${aws:nothing}\"}";
        assertFalse(allows(missing, "dynamodb:GetItem", "arn:aws:dynamodb:r:1:table/x", keys()));
        String dflt = "{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"arn:aws:dynamodb:*:*:table/${aws:nothing, 'x'}\"}";
        assertTrue(allows(dflt, "dynamodb:GetItem", "arn:aws:dynamodb:r:1:table/x", keys()));
    }

    @Test
    void stringOperators() {
        ContextKeys k = keys().put("dynamodb:Select", "SPECIFIC_ATTRIBUTES");
        assertTrue(condition("{\"StringEquals\":{\"dynamodb:Select\":[\"COUNT\",\"SPECIFIC_ATTRIBUTES\"]}}", k));
        assertFalse(condition("{\"StringEquals\":{\"dynamodb:Select\":\"specific_attributes\"}}", k));
        assertTrue(condition("{\"StringEqualsIgnoreCase\":{\"DYNAMODB:select\":\"specific_attributes\"}}", k));
        assertTrue(condition("{\"StringNotEquals\":{\"dynamodb:Select\":[\"COUNT\",\"ALL_ATTRIBUTES\"]}}", k));
        assertFalse(condition("{\"StringNotEquals\":{\"dynamodb:Select\":\"SPECIFIC_ATTRIBUTES\"}}", k));
        assertTrue(condition("{\"StringLike\":{\"dynamodb:Select\":\"SPECIFIC_*\"}}", k));
        assertFalse(condition("{\"StringNotLike\":{\"dynamodb:Select\":\"*ATTRIBUTES\"}}", k));
        assertTrue(condition("{\"StringEquals\":{\"aws:username\":\"${aws:username}\"}}", k));
    }

    @Test
    void aMissingKeyFailsPositiveOperatorsAndPassesNegatedOnesAndIfExists() {
        assertFalse(condition("{\"StringEquals\":{\"dynamodb:Select\":\"COUNT\"}}", keys()));
        assertTrue(condition("{\"StringNotEquals\":{\"dynamodb:Select\":\"COUNT\"}}", keys()));
        assertTrue(condition("{\"StringEqualsIfExists\":{\"dynamodb:Select\":\"COUNT\"}}", keys()));
        assertFalse(condition("{\"StringEqualsIfExists\":{\"dynamodb:Select\":\"COUNT\"}}", keys().put("dynamodb:Select", "ALL_ATTRIBUTES")));
        assertTrue(condition("{\"Null\":{\"dynamodb:Select\":\"true\"}}", keys()));
        assertFalse(condition("{\"Null\":{\"dynamodb:Select\":\"false\"}}", keys()));
        assertTrue(condition("{\"Null\":{\"aws:username\":\"false\"}}", keys()));
    }

    @Test
    void numericDateBoolAndArnOperators() {
        ContextKeys k = keys().put("n", "10").put("t", "2026-06-01T12:00:00Z").put("b", "true")
                .put("aws:PrincipalArn", ALICE.arn());
        assertTrue(condition("{\"NumericEquals\":{\"n\":\"10.0\"}}", k));
        assertTrue(condition("{\"NumericNotEquals\":{\"n\":\"11\"}}", k));
        assertTrue(condition("{\"NumericLessThan\":{\"n\":\"11\"}}", k));
        assertFalse(condition("{\"NumericLessThan\":{\"n\":\"10\"}}", k));
        assertTrue(condition("{\"NumericLessThanEquals\":{\"n\":\"10\"}}", k));
        assertTrue(condition("{\"NumericGreaterThan\":{\"n\":\"9.5\"}}", k));
        assertTrue(condition("{\"NumericGreaterThanEquals\":{\"n\":\"10\"}}", k));
        assertTrue(condition("{\"DateLessThan\":{\"t\":\"2027-01-01T00:00:00Z\"}}", k));
        assertTrue(condition("{\"DateGreaterThan\":{\"t\":\"2026-01-01\"}}", k));
        assertTrue(condition("{\"Bool\":{\"b\":\"TRUE\"}}", k));
        assertFalse(condition("{\"Bool\":{\"b\":false}}", k));
        assertTrue(condition("{\"ArnLike\":{\"aws:PrincipalArn\":\"arn:aws:iam::*:user/a*\"}}", k));
        assertTrue(condition("{\"ArnEquals\":{\"aws:PrincipalArn\":\"" + ALICE.arn() + "\"}}", k));
        assertTrue(condition("{\"ArnNotLike\":{\"aws:PrincipalArn\":\"arn:aws:iam::*:user/bob\"}}", k));
        assertFalse(condition("{\"ArnNotEquals\":{\"aws:PrincipalArn\":\"" + ALICE.arn() + "\"}}", k));
    }

    @Test
    void ipAddressOperators() {
        ContextKeys k = keys().put("aws:SourceIp", "10.1.2.3");
        assertTrue(condition("{\"IpAddress\":{\"aws:SourceIp\":[\"192.168.0.0/16\",\"10.0.0.0/8\"]}}", k));
        assertFalse(condition("{\"IpAddress\":{\"aws:SourceIp\":\"10.1.2.4/32\"}}", k));
        assertTrue(condition("{\"IpAddress\":{\"aws:SourceIp\":\"10.1.2.3\"}}", k));
        assertTrue(condition("{\"NotIpAddress\":{\"aws:SourceIp\":\"127.0.0.0/8\"}}", k));
        assertTrue(condition("{\"IpAddress\":{\"aws:SourceIp\":\"2001:db8::/32\"}}", keys().put("aws:SourceIp", "2001:db8:0:0:0:0:0:1")));
        assertFalse(condition("{\"IpAddress\":{\"aws:SourceIp\":\"10.0.0.0/8\"}}", keys().put("aws:SourceIp", "::1")));
        assertThrows(MalformedPolicyException.class, () -> condition("{\"IpAddress\":{\"aws:SourceIp\":\"example.com\"}}", k));
    }

    @Test
    void setQualifiersAndEmptySets() {
        ContextKeys two = keys().putAll("dynamodb:Attributes", List.of("a", "b"));
        ContextKeys empty = keys().putAll("dynamodb:Attributes", List.of());
        String all = "{\"ForAllValues:StringEquals\":{\"dynamodb:Attributes\":[\"a\",\"b\",\"c\"]}}";
        assertTrue(condition(all, two));
        assertFalse(condition(all, keys().putAll("dynamodb:Attributes", List.of("a", "z"))));
        assertTrue(condition(all, empty), "ForAllValues holds for an empty set");
        assertTrue(condition(all, keys()), "and for an absent key");
        String any = "{\"ForAnyValue:StringEquals\":{\"dynamodb:Attributes\":[\"b\"]}}";
        assertTrue(condition(any, two));
        assertFalse(condition(any, keys().putAll("dynamodb:Attributes", List.of("a"))));
        assertFalse(condition(any, empty), "ForAnyValue fails for an empty set");
        assertFalse(condition(any, keys()));
        assertTrue(condition("{\"ForAllValues:StringNotEquals\":{\"dynamodb:Attributes\":[\"secret\"]}}", two));
        assertFalse(condition("{\"ForAllValues:StringNotEquals\":{\"dynamodb:Attributes\":[\"b\"]}}", two));
        assertTrue(condition("{\"ForAnyValue:StringLike\":{\"dynamodb:Attributes\":[\"?\"]}}", two));
    }

    @Test
    void everyClauseOfAConditionMustHold() {
        ContextKeys k = keys().put("dynamodb:Select", "COUNT").putAll("dynamodb:LeadingKeys", List.of("alice"));
        assertTrue(condition("{\"StringEquals\":{\"dynamodb:Select\":\"COUNT\"},"
                + "\"ForAllValues:StringEquals\":{\"dynamodb:LeadingKeys\":[\"${aws:username}\"]}}", k));
        assertFalse(condition("{\"StringEquals\":{\"dynamodb:Select\":\"COUNT\"},"
                + "\"ForAllValues:StringEquals\":{\"dynamodb:LeadingKeys\":[\"bob\"]}}", k));
    }

    @Test
    void resourcePoliciesGrantByPrincipal() {
        PolicyDocument byUser = resource("{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"" + ALICE.arn() + "\"},"
                + "\"Action\":\"dynamodb:GetItem\",\"Resource\":\"" + TABLE + "\"}");
        assertEquals(Decision.ALLOW, PolicyEvaluator.evaluate(List.of(), false, byUser, ALICE, "dynamodb:GetItem", TABLE, keys()));
        PolicyEvaluator.Caller bob = new PolicyEvaluator.Caller("arn:aws:iam::" + ACCOUNT + ":user/bob", ACCOUNT);
        assertEquals(Decision.IMPLICIT_DENY, PolicyEvaluator.evaluate(List.of(), false, byUser, bob, "dynamodb:GetItem", TABLE, keys()));
        PolicyDocument anyone = resource("{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"*\"},\"Action\":\"*\",\"Resource\":\"*\"}");
        assertEquals(Decision.ALLOW, PolicyEvaluator.evaluate(List.of(), false, anyone, bob, "dynamodb:GetItem", TABLE, keys()));
        // naming the account delegates to identity policies: no grant by itself, but a Deny applies to all
        PolicyDocument account = resource("[{\"Effect\":\"Allow\",\"Principal\":{\"AWS\":\"" + ACCOUNT + "\"},\"Action\":\"*\",\"Resource\":\"*\"},"
                + "{\"Effect\":\"Deny\",\"Principal\":{\"AWS\":\"arn:aws:iam::" + ACCOUNT + ":root\"},\"Action\":\"dynamodb:DeleteItem\",\"Resource\":\"*\"}]");
        assertEquals(Decision.IMPLICIT_DENY, PolicyEvaluator.evaluate(List.of(), false, account, bob, "dynamodb:GetItem", TABLE, keys()));
        assertEquals(Decision.RESOURCE_DENY, PolicyEvaluator.evaluate(List.of(), true, account, bob, "dynamodb:DeleteItem", TABLE, keys()));
    }

    @Test
    void malformedPoliciesAreRefusedWithTheirFault() {
        assertThrows(MalformedPolicyException.class, () -> PolicyDocument.parse("{", PolicyDocument.Kind.IDENTITY));
        assertEquals("Statement 1: Effect must be \"Allow\" or \"Deny\"", assertThrows(MalformedPolicyException.class,
                () -> identity("{\"Effect\":\"Permit\",\"Action\":\"*\",\"Resource\":\"*\"}")).getMessage());
        assertEquals("Statement 1: give exactly one of Action and NotAction", assertThrows(MalformedPolicyException.class,
                () -> identity("{\"Effect\":\"Allow\",\"Resource\":\"*\"}")).getMessage());
        assertEquals("Statement 1: an identity policy must not name a Principal", assertThrows(MalformedPolicyException.class,
                () -> identity("{\"Effect\":\"Allow\",\"Principal\":\"*\",\"Action\":\"*\",\"Resource\":\"*\"}")).getMessage());
        assertEquals("Missing required field Principal", assertThrows(MalformedPolicyException.class,
                () -> resource("{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\"}")).getMessage());
        assertEquals("Statement 1: unsupported condition operator StringEqualz", assertThrows(MalformedPolicyException.class,
                () -> identity("{\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\",\"Condition\":{\"StringEqualz\":{\"a\":\"b\"}}}"))
                .getMessage());
        assertEquals("Statement 1: Action \"GetItem\" must be \"*\" or \"service:action\"", assertThrows(MalformedPolicyException.class,
                () -> identity("{\"Effect\":\"Allow\",\"Action\":\"GetItem\",\"Resource\":\"*\"}")).getMessage());
        assertEquals("Version must be \"2012-10-17\" or \"2008-10-17\"", assertThrows(MalformedPolicyException.class,
                () -> PolicyDocument.parse("{\"Version\":\"2020-01-01\",\"Statement\":[]}", PolicyDocument.Kind.IDENTITY)).getMessage());
        // a single statement object is as good as a list of one
        assertEquals(1, identity("{\"Sid\":\"x\",\"Effect\":\"Allow\",\"Action\":\"*\",\"Resource\":\"*\"}").statements().size());
    }
}
