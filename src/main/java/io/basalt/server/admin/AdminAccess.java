package io.basalt.server.admin;

import io.basalt.engine.Clock;
import io.basalt.engine.catalog.TableCatalog;
import io.basalt.error.DynamoException;
import io.basalt.model.Namespaces;
import io.basalt.server.auth.AdminTokens;
import io.basalt.server.auth.Authorizer;
import io.basalt.server.auth.CredentialStore;
import io.basalt.server.auth.Principal;
import io.basalt.server.auth.SigV4Verifier;
import io.basalt.server.http.RoutedHttpService.Answer;
import io.basalt.server.http.RoutedHttpService.Call;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/**
 * Who may read the admin port's views. Without an auth file: anyone who reaches the port (it binds
 * loopback unless --admin-host says otherwise). With one: a caller who signs the request (SigV4,
 * service "dynamodb") or presents a bearer token of {@link AdminTokens}, and who sees only the tables
 * the auth file's policies let it describe ({@code dynamodb:DescribeTable}, through the API's own
 * {@link Authorizer}).
 */
final class AdminAccess {
    /** The caller: the operator (no auth file) or an auth-file user. */
    record Caller(Principal principal) {
        boolean operator() {
            return principal == null;
        }
    }

    /** A request without acceptable credentials, and its answer. */
    static final class Refused extends Exception {
        final transient Answer answer;

        Refused(Answer answer) {
            super(null, null, false, false);
            this.answer = answer;
        }
    }

    static final AdminAccess OPEN = new AdminAccess(null, null, null, null);

    private final CredentialStore credentials;
    private final Authorizer authorizer;
    private final Clock clock;
    private final Namespaces namespaces;
    private final SigV4Verifier verifier;

    AdminAccess(CredentialStore credentials, Authorizer authorizer, Clock clock, Namespaces namespaces) {
        this.credentials = credentials;
        this.authorizer = authorizer;
        this.clock = clock;
        this.namespaces = namespaces;
        this.verifier = credentials == null ? null : new SigV4Verifier(credentials, clock);
    }

    /** The caller of this request, or Refused (401 without credentials, 403 with wrong ones). */
    Caller caller(Call call) throws Refused {
        if (credentials == null) return new Caller(null);
        String authorization = call.header("Authorization");
        if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            Principal p = AdminTokens.verify(authorization.substring(7).trim(), credentials, clock.millis());
            if (p == null) throw new Refused(Answer.text(403, "Forbidden: the bearer token is not valid (expired, forged, or its key is gone).\n"));
            return new Caller(p);
        }
        boolean signed = authorization != null && authorization.startsWith("AWS4-HMAC-SHA256")
                || call.rawQuery().contains("X-Amz-Signature=");
        if (!signed) {
            throw new Refused(Answer.text(401, "Unauthorized: this server has an auth file; sign the request (SigV4, service dynamodb) "
                    + "or send Authorization: Bearer TOKEN (basalt auth admin-token).\n").with("WWW-Authenticate", "Bearer realm=\"basalt-admin\""));
        }
        try {
            return new Caller(verifier.verify(call.request()));
        } catch (java.io.IOException | RuntimeException e) {
            String why = e instanceof DynamoException d ? d.getMessage() : "the signature could not be read";
            throw new Refused(Answer.text(403, "Forbidden: " + why + "\n"));
        }
    }

    /** Whether the caller may do {@code action} (an API operation, e.g. DescribeTable) on the table. */
    boolean may(Caller caller, String operation, TableCatalog.Entry table) {
        if (caller.operator()) return true;
        String ns = table.account();
        int at = ns.indexOf('@');
        String account = Namespaces.account(ns);
        String region = at < 0 ? namespaces.homeRegion() : ns.substring(at + 1);
        String arn = "arn:aws:dynamodb:" + region + ":" + account + ":table/" + table.definition().name();
        byte[] body = ("{\"TableName\":" + jsonString(arn) + "}").getBytes(StandardCharsets.UTF_8);
        try {
            authorizer.authorize(caller.principal(), operation, region, () -> new ByteArrayInputStream(body), null);
            return true;
        } catch (DynamoException denied) {
            return false;
        }
    }

    private static String jsonString(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
