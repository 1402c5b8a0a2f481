package io.basalt.server.auth;

import io.basalt.api.PolicyGrammar;
import io.basalt.server.auth.policy.MalformedPolicyException;
import io.basalt.server.auth.policy.PolicyDocument;
import io.basalt.server.auth.policy.Statement;
import java.util.List;

/** The IAM policy language as the resource-policy operations see it (api.PolicyGrammar). */
public final class ResourcePolicyGrammar implements PolicyGrammar {
    public static final ResourcePolicyGrammar INSTANCE = new ResourcePolicyGrammar();

    private ResourcePolicyGrammar() {}

    @Override
    public String fault(String document) {
        try {
            PolicyDocument.parse(document, PolicyDocument.Kind.RESOURCE);
            return null;
        } catch (MalformedPolicyException e) {
            return e.getMessage();
        }
    }

    /** Equal once parsed (whitespace, member order and string-or-list are gone) and principals written as ARNs. */
    @Override
    public boolean equivalent(String a, String b) {
        if (a.equals(b)) return true;
        try {
            return canonical(PolicyDocument.parse(a, PolicyDocument.Kind.RESOURCE))
                    .equals(canonical(PolicyDocument.parse(b, PolicyDocument.Kind.RESOURCE)));
        } catch (MalformedPolicyException e) {
            return false;
        }
    }

    private static PolicyDocument canonical(PolicyDocument d) {
        return new PolicyDocument(d.version(), d.statements().stream().map(s -> new Statement(s.sid(), s.allow(), s.actions(),
                s.notActions(), s.resources(), s.notResources(), arns(s.principals()), arns(s.notPrincipals()), s.conditions())).toList());
    }

    /** An account id as a principal means the account's root ARN. */
    private static List<String> arns(List<String> principals) {
        if (principals == null) return null;
        return principals.stream().map(p -> p.matches("\\d{12}") ? "arn:aws:iam::" + p + ":root" : p).toList();
    }
}
