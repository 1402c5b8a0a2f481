package io.basalt.server.auth.policy;

import java.util.List;

/**
 * IAM's evaluation within one account: everything is denied unless a statement allows it; an
 * explicit Deny in any policy wins over every Allow. A principal of the resource's own account is
 * allowed when its identity policies OR the resource's policy allow the request.
 *
 * <p>Principals in resource policies: {@code "*"} (anyone), a user ARN (that user), an account
 * ({@code "111122223333"} or {@code arn:aws:iam::111122223333:root}). Naming an account delegates
 * to the account's own identity policies, as IAM does: it grants nothing by itself, but a Deny
 * naming the account applies to every principal in it.
 */
public final class PolicyEvaluator {
    /** The outcome; the denials say which kind of policy denied, as the service's message does. */
    public enum Decision { ALLOW, IMPLICIT_DENY, IDENTITY_DENY, RESOURCE_DENY, NO_RESOURCE_ALLOW }

    /** Who asks: the user's ARN and account. */
    public record Caller(String arn, String accountId) {}

    private PolicyEvaluator() {}

    /**
     * @param identity the caller's identity policies
     * @param allowAll the caller is allowed everything its policies do not deny (auth file "allowAll")
     * @param resource the resource policy of the resource (of the table, for its indexes), or null
     */
    public static Decision evaluate(List<PolicyDocument> identity, boolean allowAll, PolicyDocument resource, Caller caller,
                                    String action, String resourceArn, ContextKeys keys) {
        boolean allowed = allowAll;
        for (PolicyDocument p : identity) {
            for (Statement s : p.statements()) {
                if (!applies(s, action, resourceArn, keys)) continue;
                if (!s.allow()) return Decision.IDENTITY_DENY;
                allowed = true;
            }
        }
        if (resource != null) {
            for (Statement s : resource.statements()) {
                if (!principalMatches(s, caller) || !applies(s, action, resourceArn, keys)) continue;
                if (!s.allow()) return Decision.RESOURCE_DENY;
                allowed = true;
            }
        }
        return allowed ? Decision.ALLOW : Decision.IMPLICIT_DENY;
    }

    /**
     * Access to a resource of another account than the caller's, as IAM decides it: the caller's
     * identity policies and the resource's policy must both allow it (there, naming the caller's
     * account grants it to the account, whose identity policies then decide); an explicit deny in
     * either wins.
     */
    public static Decision evaluateCrossAccount(List<PolicyDocument> identity, boolean allowAll, PolicyDocument resource,
                                                Caller caller, String action, String resourceArn, ContextKeys keys) {
        Decision own = evaluate(identity, allowAll, null, caller, action, resourceArn, keys);
        if (own == Decision.IDENTITY_DENY) return own;
        boolean granted = false;
        if (resource != null) {
            for (Statement s : resource.statements()) {
                if (!principalMatchesFromOutside(s, caller) || !applies(s, action, resourceArn, keys)) continue;
                if (!s.allow()) return Decision.RESOURCE_DENY;
                granted = true;
            }
        }
        if (own != Decision.ALLOW) return Decision.IMPLICIT_DENY;
        return granted ? Decision.ALLOW : Decision.NO_RESOURCE_ALLOW;
    }

    private static boolean principalMatchesFromOutside(Statement s, Caller caller) {
        if (s.principals() != null) {
            for (String p : s.principals()) {
                if (p.equals("*") || p.equals(caller.arn()) || names(p, caller.accountId())) return true;
            }
            return false;
        }
        return principalMatches(s, caller);
    }

    private static boolean applies(Statement s, String action, String resourceArn, ContextKeys keys) {
        if (s.actions() != null ? !anyAction(s.actions(), action) : anyAction(s.notActions(), action)) return false;
        if (s.resources() != null ? !anyResource(s.resources(), resourceArn, keys) : anyResource(s.notResources(), resourceArn, keys)) {
            return false;
        }
        for (ConditionClause c : s.conditions()) if (!c.test(keys)) return false;
        return true;
    }

    private static boolean anyAction(List<String> patterns, String action) {
        for (String p : patterns) if (Patterns.matches(p, action, k -> null, true, true)) return true;
        return false;
    }

    private static boolean anyResource(List<String> patterns, String arn, ContextKeys keys) {
        for (String p : patterns) if (Patterns.arnMatches(p, arn, keys::single)) return true;
        return false;
    }

    private static boolean principalMatches(Statement s, Caller caller) {
        if (s.principals() != null) {
            for (String p : s.principals()) {
                if (p.equals("*") || p.equals(caller.arn())) return true;
                if (!s.allow() && names(p, caller.accountId())) return true;
            }
            return false;
        }
        for (String p : s.notPrincipals()) {
            if (p.equals(caller.arn()) || names(p, caller.accountId())) return false;
        }
        return true;
    }

    private static boolean names(String principal, String account) {
        return principal.equals(account) || principal.equals("arn:aws:iam::" + account + ":root");
    }
}
