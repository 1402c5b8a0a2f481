package io.basalt.server.auth.policy;

import java.util.List;

/**
 * One statement of a policy. Exactly one of {@code actions}/{@code notActions} and of
 * {@code resources}/{@code notResources} is non-null; {@code principals}/{@code notPrincipals}
 * are null in identity policies.
 *
 * @param principals principal patterns: "*" or an AWS account id / ARN (resource policies)
 */
public record Statement(String sid, boolean allow, List<String> actions, List<String> notActions,
                        List<String> resources, List<String> notResources, List<String> principals,
                        List<String> notPrincipals, List<ConditionClause> conditions) {}
