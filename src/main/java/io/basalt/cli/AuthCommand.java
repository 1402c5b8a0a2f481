package io.basalt.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import io.basalt.server.auth.AuthFile;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * {@code basalt auth add-user NAME --account ID [--policy FILE] [--access-key-id ID --secret-access-key SECRET] --auth-file FILE}
 * and {@code basalt auth list --auth-file FILE [--format json]}: manage the credentials file a server
 * verifies signatures against. The running server reads the file again when it changes.
 */
final class AuthCommand {
    private static final Pattern ACCOUNT_ID = Pattern.compile("\\d{12}");
    private static final String KEY_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    private static final String SECRET_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    private static final SecureRandom RANDOM = new SecureRandom();

    private AuthCommand() {}

    /** Runs the command; returns the exit code (0 done, 1 failed, 2 usage). */
    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) {
        if (args.isEmpty()) {
            err.println("basalt auth: add-user or list (try: basalt --help)");
            return 2;
        }
        Map<String, String> opts = new HashMap<>();
        List<String> positional = new ArrayList<>();
        for (int i = 1; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--")) {
                String name = a.substring(2), value;
                int eq = name.indexOf('=');
                if (eq >= 0) {
                    value = name.substring(eq + 1);
                    name = name.substring(0, eq);
                } else if (i + 1 < args.size()) {
                    value = args.get(++i);
                } else {
                    err.println("basalt auth: --" + name + " needs a value");
                    return 2;
                }
                opts.put(name, value);
            } else {
                positional.add(a);
            }
        }
        String file = opts.getOrDefault("auth-file", env.get("BASALT_AUTH_FILE"));
        if (file == null) {
            err.println("basalt auth: --auth-file FILE is required");
            return 2;
        }
        try {
            return switch (args.get(0)) {
                case "add-user" -> addUser(positional, opts, Path.of(file), out, err);
                case "list" -> list(Path.of(file), "json".equals(opts.get("format")), out);
                case "admin-token" -> adminToken(opts, Path.of(file), out, err);
                default -> {
                    err.println("basalt auth: unknown command '" + args.get(0) + "' (add-user, list or admin-token)");
                    yield 2;
                }
            };
        } catch (IOException e) {
            err.println("basalt auth: " + e.getMessage());
            return 1;
        }
    }

    /**
     * {@code basalt auth admin-token --access-key-id ID [--hours H] --auth-file FILE}: prints a bearer
     * token for the admin port, tied to that key (docs/security.md), valid for H hours (default 12).
     */
    private static int adminToken(Map<String, String> opts, Path file, PrintStream out, PrintStream err) throws IOException {
        String keyId = opts.get("access-key-id");
        if (keyId == null) {
            err.println("basalt auth admin-token: --access-key-id ID is required");
            return 2;
        }
        long hours;
        try {
            hours = Long.parseLong(opts.getOrDefault("hours", "12"));
        } catch (NumberFormatException e) {
            hours = -1;
        }
        if (hours < 1 || hours > 24 * 366) {
            err.println("basalt auth admin-token: --hours must be between 1 and 8784");
            return 2;
        }
        io.basalt.server.auth.CredentialStore.Key key = io.basalt.server.auth.CredentialStore.open(file).find(keyId);
        if (key == null) {
            err.println("basalt auth admin-token: no access key " + keyId + " in " + file);
            return 1;
        }
        long expires = System.currentTimeMillis() / 1000 + hours * 3600;
        out.println(io.basalt.server.auth.AdminTokens.issue(keyId, key.secretAccessKey(), expires));
        return 0;
    }

    private static int addUser(List<String> positional, Map<String, String> opts, Path file, PrintStream out, PrintStream err)
            throws IOException {
        for (String o : opts.keySet()) {
            if (!List.of("auth-file", "account", "policy", "access-key-id", "secret-access-key").contains(o)) {
                err.println("basalt auth add-user: unknown option --" + o);
                return 2;
            }
        }
        if (positional.size() != 1) {
            err.println("basalt auth add-user: give exactly one user NAME");
            return 2;
        }
        String name = positional.get(0);
        String account = opts.get("account");
        if (account == null || !ACCOUNT_ID.matcher(account).matches()) {
            err.println("basalt auth add-user: --account must be a 12-digit account id");
            return 2;
        }
        String keyId = opts.get("access-key-id"), secret = opts.get("secret-access-key");
        if ((keyId == null) != (secret == null)) {
            err.println("basalt auth add-user: give both --access-key-id and --secret-access-key, or neither");
            return 2;
        }
        if (keyId == null) {
            keyId = "AKIA" + random(KEY_ID_CHARS, 16);
            secret = random(SECRET_CHARS, 40);
        } else if (keyId.isEmpty() || secret.isEmpty()) {
            err.println("basalt auth add-user: the access key id and secret must not be empty");
            return 2;
        }
        String policy = null;
        if (opts.containsKey("policy")) policy = readPolicy(Path.of(opts.get("policy")));

        AuthFile current = Files.exists(file) ? AuthFile.read(file) : AuthFile.empty();
        if (current.userOf(keyId) != null) {
            err.println("basalt auth add-user: access key " + keyId + " is already in " + file);
            return 1;
        }
        List<AuthFile.Account> accounts = new ArrayList<>(current.accounts());
        if (accounts.stream().noneMatch(a -> a.id().equals(account))) accounts.add(new AuthFile.Account(account, null));
        List<AuthFile.User> users = new ArrayList<>();
        boolean found = false;
        for (AuthFile.User u : current.users()) {
            if (u.name().equals(name)) {
                if (!u.account().equals(account)) {
                    err.println("basalt auth add-user: user " + name + " belongs to account " + u.account());
                    return 1;
                }
                found = true;
                u = withKey(u, new AuthFile.AccessKey(keyId, secret, null), policy);
            }
            users.add(u);
        }
        if (!found) {
            // without --policy the user may do everything (as before policies were evaluated)
            users.add(new AuthFile.User(name, account, List.of(new AuthFile.AccessKey(keyId, secret, null)),
                    policy == null ? List.of() : List.of(policy), policy == null));
        }
        new AuthFile(accounts, users).write(file);
        StringWriter w = new StringWriter();
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            g.writeStartObject();
            g.writeStringField("accessKeyId", keyId);
            g.writeStringField("secretAccessKey", secret);
            g.writeEndObject();
        }
        out.println(w);
        return 0;
    }

    private static AuthFile.User withKey(AuthFile.User u, AuthFile.AccessKey key, String policy) {
        List<AuthFile.AccessKey> keys = new ArrayList<>(u.accessKeys());
        keys.add(key);
        List<String> policies = new ArrayList<>(u.policies());
        if (policy != null) policies.add(policy);
        // a policy given now restricts the user to what its policies allow
        return new AuthFile.User(u.name(), u.account(), keys, policies, u.allowAll() && policy == null, u.s3Credentials());
    }

    /** The policy's JSON text, checked to be one JSON object. */
    private static String readPolicy(Path path) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(path.toFile())) {
            if (p.nextToken() != com.fasterxml.jackson.core.JsonToken.START_OBJECT) {
                throw new IOException(path + ": a policy is a JSON object ({\"Version\": ..., \"Statement\": [...]})");
            }
            StringWriter w = new StringWriter();
            try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
                g.copyCurrentStructure(p);
            }
            if (p.nextToken() != null) throw new IOException(path + ": more than one JSON value");
            try {
                io.basalt.server.auth.policy.PolicyDocument.parse(w.toString(), io.basalt.server.auth.policy.PolicyDocument.Kind.IDENTITY);
            } catch (io.basalt.server.auth.policy.MalformedPolicyException e) {
                throw new IOException(path + ": " + e.getMessage());
            }
            return w.toString();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IOException(path + ": not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static int list(Path file, boolean json, PrintStream out) throws IOException {
        AuthFile f = AuthFile.read(file);
        if (json) {
            StringWriter w = new StringWriter();
            try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
                g.writeStartObject();
                g.writeArrayFieldStart("users");
                for (AuthFile.User u : f.users()) {
                    g.writeStartObject();
                    g.writeStringField("name", u.name());
                    g.writeStringField("account", u.account());
                    g.writeArrayFieldStart("accessKeyIds");
                    for (AuthFile.AccessKey k : u.accessKeys()) g.writeString(k.accessKeyId());
                    g.writeEndArray();
                    g.writeNumberField("policies", u.policies().size());
                    g.writeBooleanField("allowAll", u.allowAll());
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            out.println(w);
            return 0;
        }
        out.printf("%-14s %-24s %-24s %s%n", "ACCOUNT", "USER", "ACCESS KEY ID", "POLICIES");
        for (AuthFile.User u : f.users()) {
            for (AuthFile.AccessKey k : u.accessKeys()) {
                out.printf("%-14s %-24s %-24s %d%n", u.account(), u.name(), k.accessKeyId(), u.policies().size());
            }
        }
        return 0;
    }

    private static String random(String alphabet, int length) {
        StringBuilder b = new StringBuilder(length);
        for (int i = 0; i < length; i++) b.append(alphabet.charAt(RANDOM.nextInt(alphabet.length())));
        return b.toString();
    }
}
