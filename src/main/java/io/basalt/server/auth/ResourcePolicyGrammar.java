package io.basalt.server.auth;

import io.basalt.api.PolicyGrammar;
import io.basalt.server.auth.policy.MalformedPolicyException;
import io.basalt.server.auth.policy.PolicyCanonicalForm;
import io.basalt.server.auth.policy.PolicyDocument;
import io.basalt.server.auth.policy.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The IAM policy language as the resource-policy operations see it (api.PolicyGrammar), with the
 * service's refusals (ack-api-quirks DDB-TABLE-211/352/356, live 2026-10-09).
 */
public final class ResourcePolicyGrammar implements PolicyGrammar {
    public static final ResourcePolicyGrammar INSTANCE = new ResourcePolicyGrammar();

    private static final String INVALID = "One or more parameter values were invalid: Invalid policy document: ";
    /** Stream actions, which a table's policy may not name (DDB-TABLE-211). */
    private static final Set<String> STREAM_ACTIONS = Set.of("dynamodb:describestream", "dynamodb:getrecords", "dynamodb:getsharditerator");

    private ResourcePolicyGrammar() {}

    @Override
    public String fault(String document, boolean stream) {
        PolicyDocument d;
        try {
            d = PolicyDocument.parse(document, PolicyDocument.Kind.RESOURCE);
        } catch (MalformedPolicyException e) {
            return INVALID + e.getMessage();
        }
        List<String> invalid = new ArrayList<>();
        for (Statement s : d.statements()) {
            if (!stream && s.actions() != null) {
                for (String a : s.actions()) if (STREAM_ACTIONS.contains(a.toLowerCase(Locale.ROOT))) invalid.add("\"" + a + "\"");
            }
        }
        if (!invalid.isEmpty()) return INVALID + "The following action names are invalid: " + String.join(", ", invalid);
        for (Statement s : d.statements()) {
            if (s.allow() && s.principals() != null && s.principals().contains("*") && s.conditions().isEmpty()) {
                // an Allow to everyone is refused by a guardrail of the service, not by the grammar (DDB-TABLE-352)
                return "Resource-based policy grants unbounded access in one or more elements. Please revise the policy "
                        + "to ensure least-privilege form of access";
            }
        }
        return null;
    }

    /**
     * Equal canonical forms, Version taken literally: a document without Version is not the same
     * policy as its read-back with "2008-10-17" (DDB-TABLE-354, live 2026-10-09).
     */
    @Override
    public boolean equivalent(String a, String b) {
        if (a.equals(b)) return true;
        try {
            return PolicyCanonicalForm.of(a, null).equals(PolicyCanonicalForm.of(b, null));
        } catch (RuntimeException notAPolicy) { // MalformedPolicyException, or a shape only a checked document excludes
            return false;
        }
    }

    @Override
    public String canonical(String document) {
        try {
            return PolicyCanonicalForm.of(document, "2008-10-17");
        } catch (RuntimeException stored) {
            return document; // a document stored before it was checked this strictly: as it was sent
        }
    }
}
