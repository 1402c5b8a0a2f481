package io.basalt.server.auth.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The canonical form GetResourcePolicy answers (ack-api-quirks DDB-TABLE-351..355, live 2026-10-09). */
class PolicyCanonicalFormTest {
    @Test
    void rewritesAreStructuralOnly() {
        String sent = "{ \"Id\": \"x\", \"Statement\": { \"Condition\": {\"Bool\": {\"aws:SecureTransport\": [false]},"
                + " \"NumericLessThan\": {\"dynamodb:Limit\": [\"10\", 20]}}, \"Resource\": [\"*\"],"
                + " \"NotPrincipal\": {\"AWS\": [\"123456789012\", \"arn:aws:iam::123456789012:root\", \"arn:aws:iam::123456789012:user/a\"]},"
                + " \"Effect\": \"DENY\", \"Action\": [\"dynamodb:B\", \"dynamodb:A\", \"dynamodb:B\"], \"Sid\": \"s\\u0031\" } }";
        String expected = "{\"Version\":\"2008-10-17\",\"Id\":\"x\",\"Statement\":[{\"Sid\":\"s1\",\"Effect\":\"Deny\",\"NotPrincipal\":{\"AWS\":"
                + "[\"arn:aws:iam::123456789012:root\",\"arn:aws:iam::123456789012:user/a\"]},\"Action\":[\"dynamodb:B\",\"dynamodb:A\","
                + "\"dynamodb:B\"],\"Resource\":\"*\",\"Condition\":{\"Bool\":{\"aws:SecureTransport\":false},\"NumericLessThan\":"
                + "{\"dynamodb:Limit\":[\"10\",20]}}}]}";
        assertEquals(expected, PolicyCanonicalForm.of(sent, "2008-10-17"));
        assertEquals(expected, PolicyCanonicalForm.of(expected, "2008-10-17"), "a fixpoint");
        assertEquals(expected.replace("\"Version\":\"2008-10-17\",", ""), PolicyCanonicalForm.of(sent, null));
    }
}
