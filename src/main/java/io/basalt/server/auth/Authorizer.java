package io.basalt.server.auth;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.engine.catalog.TableDefinition;
import io.basalt.error.DynamoException;
import io.basalt.error.ErrorType;
import io.basalt.server.auth.policy.ContextKeys;
import io.basalt.server.auth.policy.MalformedPolicyException;
import io.basalt.server.auth.policy.PolicyDocument;
import io.basalt.server.auth.policy.PolicyEvaluator;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides whether a verified caller may do what a request asks (--auth verify only): every
 * (action, resource) of {@link RequestResources} must be allowed by the caller's identity policies
 * (auth file) or by the resource policy of the table or stream (PutResourcePolicy), and denied by
 * neither. Refusals are AccessDeniedException in the service's words.
 */
public final class Authorizer {
    private static final Logger LOG = LoggerFactory.getLogger(Authorizer.class);
    private static final int MAX_CACHED = 1024;
    /** The condition keys a request's body gives; all others come from the caller and the connection. */
    private static final String REQUEST_KEY_PREFIX = "dynamodb:";

    private final CredentialStore credentials;
    private final Supplier<TableCatalog> catalog;
    private final Clock clock;
    /** Parsed policies by kind and text (the same few documents are used by every request). */
    private final Map<String, Object> parsed = new ConcurrentHashMap<>();
    private final java.util.concurrent.atomic.AtomicLong conditionKeyReads = new java.util.concurrent.atomic.AtomicLong();

    private final io.basalt.model.Namespaces namespaces;

    public Authorizer(CredentialStore credentials, Supplier<TableCatalog> catalog, Clock clock, io.basalt.model.Namespaces namespaces) {
        this.namespaces = namespaces;
        this.credentials = credentials;
        this.catalog = catalog;
        this.clock = clock;
    }

    /**
     * @throws DynamoException AccessDeniedException for the first access the caller may not make
     */
    public void authorize(Principal principal, String operation, String region, Supplier<java.io.InputStream> body,
                          HttpRequestParts request) {
        AuthFile.User user = userOf(principal);
        List<PolicyDocument> identity = identityPolicies(user);
        boolean allowAll = user != null && user.allowAll();
        List<RequestResources.Access> accesses = RequestResources.of(operation, region, principal.accountId(), body.get());
        if (accesses.isEmpty()) return; // nothing named: the operation refuses the request itself
        TableCatalog tables = catalog.get();
        Supplier<Map<RequestResources.Access, ContextKeys>> perAccess = requestKeysOnDemand(operation, region, principal, body, tables);
        ContextKeys global = globalKeys(principal);
        if (request != null) {
            global.put("aws:SourceIp", request.sourceIp()).put("aws:SecureTransport", Boolean.toString(request.secureTransport()));
        }
        PolicyEvaluator.Caller caller = new PolicyEvaluator.Caller(principal.arn(), principal.accountId());
        for (RequestResources.Access a : accesses) {
            ContextKeys keys = global.copy().deferring(REQUEST_KEY_PREFIX, () -> requestKeys(perAccess, principal, a));
            String owner = ownerAccount(a.resource(), principal.accountId());
            PolicyEvaluator.Decision d = decide(identity, allowAll, resourcePolicy(tables, a.resource(), owner), caller, owner, a, keys);
            if (d != PolicyEvaluator.Decision.ALLOW) throw denied(principal, a, d);
        }
        NewResourcePolicy attached = NewResourcePolicy.of(operation, body.get());
        if (attached != null) checkAttached(attached, identity, allowAll, caller, region, global, tables);
    }

    private AuthFile.User userOf(Principal principal) {
        CredentialStore.Key key = credentials.find(principal.accessKeyId());
        return key == null ? null : key.user();
    }

    private List<PolicyDocument> identityPolicies(AuthFile.User user) {
        List<PolicyDocument> identity = new ArrayList<>();
        if (user == null) return identity;
        for (String text : user.policies()) {
            PolicyDocument p = parse(text, PolicyDocument.Kind.IDENTITY);
            if (p != null) identity.add(p);
        }
        return identity;
    }

    /**
     * What the caller's identity policies allow in S3, decided when an export or import makes its
     * S3 requests (the local store's buckets have no bucket policies: another account's bucket is
     * refused by its owner check), and the S3 credentials the auth file gives the caller (its
     * user's, else its account's, else none: the server's own).
     */
    public io.basalt.engine.transfer.ObjectAccess objectAccess(Principal principal, HttpRequestParts request) {
        String sourceIp = request == null ? null : request.sourceIp();
        String secure = request == null ? null : Boolean.toString(request.secureTransport());
        return new io.basalt.engine.transfer.ObjectAccess() {
            @Override
            public String refusal(String action, String resource, Map<String, String> conditionKeys) {
                AuthFile.User user = userOf(principal);
                ContextKeys keys = globalKeys(principal);
                if (sourceIp != null) keys.put("aws:SourceIp", sourceIp).put("aws:SecureTransport", secure);
                conditionKeys.forEach(keys::put);
                PolicyEvaluator.Decision d = PolicyEvaluator.evaluate(identityPolicies(user), user != null && user.allowAll(), null,
                        new PolicyEvaluator.Caller(principal.arn(), principal.accountId()), action, resource, keys);
                return d == PolicyEvaluator.Decision.ALLOW ? null : "User: " + principal.arn() + " is not authorized to perform: "
                        + action + " on resource: \"" + resource + "\" " + reason(d, action);
            }

            @Override
            public io.basalt.engine.transfer.ObjectStore.Credentials credentials() {
                AuthFile.User user = userOf(principal);
                AuthFile.AccessKey k = user == null ? null : user.s3Credentials();
                if (k == null) {
                    for (AuthFile.Account a : credentials.file().accounts()) if (a.id().equals(principal.accountId())) k = a.s3Credentials();
                }
                return k == null ? null : new io.basalt.engine.transfer.ObjectStore.Credentials(k.accessKeyId(), k.secretAccessKey(), k.sessionToken());
            }
        };
    }

    private static PolicyEvaluator.Decision decide(List<PolicyDocument> identity, boolean allowAll, PolicyDocument resourcePolicy,
                                                   PolicyEvaluator.Caller caller, String owner, RequestResources.Access a,
                                                   ContextKeys keys) {
        return owner.equals(caller.accountId())
                ? PolicyEvaluator.evaluate(identity, allowAll, resourcePolicy, caller, a.action(), a.resource(), keys)
                : PolicyEvaluator.evaluateCrossAccount(identity, allowAll, resourcePolicy, caller, a.action(), a.resource(), keys);
    }

    /**
     * What the service checks of a resource policy being attached, beyond its grammar: every
     * account it names as a principal must exist (here: be in the auth file), and PutResourcePolicy
     * refuses a document that would take away the caller's own right to change the policy again
     * unless ConfirmRemoveSelfResourceAccess is true (the caller is simulated against the new
     * document, conditions included). Texts as the service answered on 2026-10-09 (docs/security.md).
     */
    private void checkAttached(NewResourcePolicy attached, List<PolicyDocument> identity, boolean allowAll,
                               PolicyEvaluator.Caller caller, String region, ContextKeys global, TableCatalog tables) {
        PolicyDocument document;
        try {
            document = PolicyDocument.parse(attached.document(), PolicyDocument.Kind.RESOURCE);
        } catch (MalformedPolicyException refusedByTheOperation) {
            return;
        }
        java.util.Set<String> accounts = credentials.accounts();
        for (io.basalt.server.auth.policy.Statement s : document.statements()) {
            for (List<String> names : java.util.Arrays.asList(s.principals(), s.notPrincipals())) {
                if (names == null) continue;
                for (String name : names) {
                    String account = principalAccount(name);
                    if (account != null && !accounts.contains(account)) {
                        throw DynamoException.validation("One or more parameter values were invalid: Invalid principal in policy document.");
                    }
                }
            }
        }
        if (attached.confirmRemoveSelf() || !attached.resource().startsWith("arn:")) return;
        String owner = ownerAccount(attached.resource(), caller.accountId());
        if (!exists(tables, attached.resource(), owner)) return; // the operation reports the missing table
        RequestResources.Access again = new RequestResources.Access("dynamodb:PutResourcePolicy", attached.resource());
        if (decide(identity, allowAll, document, caller, owner, again, global.copy()) != PolicyEvaluator.Decision.ALLOW) {
            throw new DynamoException(ErrorType.ACCESS_DENIED, "The new resource policy will not allow you to update the resource policy in the future.");
        }
    }

    /** The account of a principal written as an account id or an ARN with one, else null ("*", services). */
    private static String principalAccount(String principal) {
        if (principal.matches("\\d{12}")) return principal;
        String[] parts = principal.split(":", 6);
        return principal.startsWith("arn:") && parts.length == 6 && parts[4].matches("\\d{12}") ? parts[4] : null;
    }

    private boolean exists(TableCatalog tables, String arn, String account) {
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !parts[5].startsWith("table/")) return false;
        String rest = parts[5].substring("table/".length());
        int slash = rest.indexOf('/');
        return tables.find(namespaces.of(account, parts[3]), slash < 0 ? rest : rest.substring(0, slash)) != null;
    }

    static DynamoException denied(Principal principal, RequestResources.Access a, PolicyEvaluator.Decision d) {
        return new DynamoException(ErrorType.ACCESS_DENIED, "User: " + principal.arn() + " is not authorized to perform: "
                + a.action() + " on resource: " + a.resource() + " " + reason(d, a.action()));
    }

    /** Why an access is refused, in the words DynamoDB's and S3's AccessDenied messages end with. */
    private static String reason(PolicyEvaluator.Decision d, String action) {
        return switch (d) {
            case IDENTITY_DENY -> "with an explicit deny in an identity-based policy";
            case RESOURCE_DENY -> "with an explicit deny in a resource-based policy";
            case NO_RESOURCE_ALLOW -> "because no resource-based policy allows the " + action + " action";
            default -> "because no identity-based policy allows the " + action + " action";
        };
    }

    /**
     * The request's own condition keys (dynamodb:LeadingKeys, dynamodb:Attributes, ...), read from
     * the body only when a statement that matches the action and the resource has a condition on
     * one of them, and then once per request: a caller without a matching statement (no
     * permissions at all, or none for this table) is answered without the body being read into a
     * tree (#34.7). {@link RequestConditionKeys} bounds what it reads.
     */
    private Supplier<Map<RequestResources.Access, ContextKeys>> requestKeysOnDemand(String operation, String region, Principal principal,
                                                                                     Supplier<java.io.InputStream> body,
                                                                                     TableCatalog tables) {
        return new Supplier<>() {
            private Map<RequestResources.Access, ContextKeys> read;

            @Override
            public Map<RequestResources.Access, ContextKeys> get() {
                if (read == null) {
                    conditionKeyReads.incrementAndGet();
                    read = RequestConditionKeys.of(operation, region, principal.accountId(), body, tables, namespaces);
                }
                return read;
            }
        };
    }

    /**
     * The keys of one access; a request too large to read them from is refused, since a condition
     * that needs them (in an Allow or a Deny) cannot be decided.
     */
    private static ContextKeys requestKeys(Supplier<Map<RequestResources.Access, ContextKeys>> perAccess, Principal principal,
                                           RequestResources.Access a) {
        try {
            return perAccess.get().get(a);
        } catch (BoundedRequestTree.TooLarge overBounds) {
            throw denied(principal, a, PolicyEvaluator.Decision.IMPLICIT_DENY);
        }
    }

    /** How many requests had their condition keys read from the body (tests: that denials do not). */
    long conditionKeyReads() {
        return conditionKeyReads.get();
    }

    private ContextKeys globalKeys(Principal p) {
        Instant now = Instant.ofEpochMilli(clock.millis());
        return new ContextKeys()
                .put("aws:username", p.userName())
                .put("aws:userid", userId(p))
                .put("aws:PrincipalAccount", p.accountId())
                .put("aws:PrincipalArn", p.arn())
                .put("aws:PrincipalType", "User")
                .put("aws:CurrentTime", now.truncatedTo(java.time.temporal.ChronoUnit.SECONDS).toString())
                .put("aws:EpochTime", Long.toString(now.getEpochSecond()));
    }

    /**
     * An IAM user's unique id (aws:userid): "AIDA" and 17 characters derived from the account and
     * the name, so it is stable across restarts and differs between users.
     */
    static String userId(Principal p) {
        if (p.userName() == null) return null;
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest((p.accountId() + ":" + p.userName()).getBytes(StandardCharsets.UTF_8));
            String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
            StringBuilder b = new StringBuilder("AIDA");
            for (int i = 0; i < 17; i++) b.append(alphabet.charAt((h[i] & 0xff) % 32));
            return b.toString();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The account a resource ARN belongs to ("*": the caller's). Resources are canonical ARNs
     * (RequestResources), so the account is where the ARN says.
     */
    private static String ownerAccount(String arn, String callerAccount) {
        String[] parts = arn.split(":", 6);
        return arn.startsWith("arn:") && parts.length == 6 && !parts[4].isEmpty() ? parts[4] : callerAccount;
    }

    /** The policy of the table (for its indexes too) or stream an ARN names, or null. */
    private PolicyDocument resourcePolicy(TableCatalog tables, String arn, String account) {
        String[] parts = arn.split(":", 6);
        if (parts.length < 6 || !parts[0].equals("arn") || !parts[2].equals("dynamodb") || !parts[4].equals(account)
                || !parts[5].startsWith("table/")) {
            return null;
        }
        String rest = parts[5].substring("table/".length());
        int slash = rest.indexOf('/');
        String table = slash < 0 ? rest : rest.substring(0, slash);
        TableCatalog.Entry e = tables.find(namespaces.of(parts[4], parts[3]), table);
        if (e == null) return null;
        String label = null;
        if (slash >= 0 && rest.startsWith("stream/", slash + 1)) label = rest.substring(slash + 1 + "stream/".length());
        TableDefinition.ResourcePolicy p = e.definition().resourcePolicy(label);
        return p == null ? null : parse(p.document(), PolicyDocument.Kind.RESOURCE);
    }

    /** A parsed policy, or null (logged) when the text is not a valid policy: it then grants nothing. */
    private PolicyDocument parse(String text, PolicyDocument.Kind kind) {
        String cacheKey = kind + ":" + text;
        Object cached = parsed.get(cacheKey);
        if (cached == null) {
            try {
                cached = PolicyDocument.parse(text, kind);
            } catch (MalformedPolicyException e) {
                LOG.warn("Ignoring a malformed {} policy: {}", kind == PolicyDocument.Kind.IDENTITY ? "identity" : "resource", e.getMessage());
                cached = e;
            }
            if (parsed.size() >= MAX_CACHED) parsed.clear();
            parsed.put(cacheKey, cached);
        }
        return cached instanceof PolicyDocument d ? d : null;
    }
}
