package io.basalt.api;

/**
 * What the operations need to know of resource-based policy documents (PutResourcePolicy,
 * CreateTable's ResourcePolicy, GetResourcePolicy). The policy language lives with authorization,
 * above this layer; the server hands its grammar in.
 */
public interface PolicyGrammar {
    /**
     * Null when {@code document} is a valid resource policy, else the whole message of the
     * ValidationException that refuses it.
     *
     * @param stream the policy is for a stream (else for a table)
     */
    String fault(String document, boolean stream);

    /**
     * Whether two valid documents are the same policy. The service decides this on the policy's
     * canonical form, not its bytes: whitespace, member order, a one-element list for a string and an
     * account id for its root ARN change nothing, and re-putting such a document keeps the revision.
     */
    boolean equivalent(String a, String b);

    /** The document as GetResourcePolicy returns it (the service's canonical form). */
    String canonical(String document);

    /** The grammar of a server that evaluates no policies: any single JSON object, compared and returned byte for byte. */
    PolicyGrammar JSON_OBJECT_ONLY = new PolicyGrammar() {
        @Override
        public String fault(String policy, boolean stream) {
            try (com.fasterxml.jackson.core.JsonParser p = io.basalt.wire.Json.FACTORY.createParser(policy)) {
                if (p.nextToken() == com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                    p.skipChildren();
                    if (p.nextToken() == null) return null;
                }
            } catch (java.io.IOException e) {
                // as below
            }
            return "One or more parameter values were invalid: Invalid policy document: This policy contains invalid Json";
        }

        @Override
        public boolean equivalent(String a, String b) {
            return a.equals(b);
        }

        @Override
        public String canonical(String document) {
            return document;
        }
    };
}
