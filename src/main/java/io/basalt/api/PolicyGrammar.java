package io.basalt.api;

/**
 * What the operations need to know of resource-based policy documents (PutResourcePolicy,
 * CreateTable's ResourcePolicy). The policy language lives with authorization, above this layer;
 * the server hands its grammar in.
 */
public interface PolicyGrammar {
    /** Null when {@code document} is a valid resource policy, else what is wrong with it. */
    String fault(String document);

    /**
     * Whether two valid documents are the same policy. The service decides this on the policy's
     * meaning, not its bytes: whitespace, member order, a one-element list for a string and an
     * account id for its root ARN change nothing, and re-putting such a document keeps the revision.
     */
    boolean equivalent(String a, String b);

    /** The grammar of a server that evaluates no policies: any single JSON object, compared byte for byte. */
    PolicyGrammar JSON_OBJECT_ONLY = new PolicyGrammar() {
        @Override
        public String fault(String policy) {
            try (com.fasterxml.jackson.core.JsonParser p = io.basalt.wire.Json.FACTORY.createParser(policy)) {
                if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) return "a policy is a JSON object";
                p.skipChildren();
                return p.nextToken() == null ? null : "more than one JSON value";
            } catch (java.io.IOException e) {
                return "not valid JSON";
            }
        }

        @Override
        public boolean equivalent(String a, String b) {
            return a.equals(b);
        }
    };
}
