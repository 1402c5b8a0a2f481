package io.basalt.server.auth;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.basalt.wire.Json;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The credentials file ({@code --auth-file}): accounts, their users, each user's access keys and
 * identity policies.
 * <pre>{@code
 * {"accounts": [{"id": "111122223333", "name": "team-a"}],
 *  "users": [{"name": "alice", "account": "111122223333",
 *             "accessKeys": [{"accessKeyId": "AKIA...", "secretAccessKey": "...", "sessionToken": "..."}],
 *             "policies": [{"Version": "2012-10-17", "Statement": [...]}]},
 *            {"name": "admin", "account": "111122223333", "accessKeys": [...], "allowAll": true}]}
 * }</pre>
 * A user may do what its policies allow; {@code "allowAll": true} lets it do everything no policy
 * denies. Policies are checked when the file is read (a file with a malformed policy is refused).
 * A key with a {@code sessionToken} (temporary credentials) is accepted only from requests carrying
 * that token in {@code x-amz-security-token}. Policies are kept as their JSON text.
 * An account or a user may carry {@code "s3Credentials": {"accessKeyId": ..., "secretAccessKey": ...,
 * "sessionToken": ...}}: the keys its exports and imports use with an S3-compatible endpoint
 * ({@code --s3-endpoint}), a user's before its account's (docs/security.md).
 */
public record AuthFile(List<Account> accounts, List<User> users) {
    private static final Pattern ACCOUNT_ID = Pattern.compile("\\d{12}");

    /** @param s3Credentials the keys the account's exports and imports sign S3 requests with, or null */
    public record Account(String id, String name, AccessKey s3Credentials) {
        public Account(String id, String name) {
            this(id, name, null);
        }
    }

    public record AccessKey(String accessKeyId, String secretAccessKey, String sessionToken) {}

    /**
     * @param policies identity policies (JSON texts)
     * @param allowAll the user may do everything no policy denies (written by {@code auth add-user}
     *                 without {@code --policy}); without it a user may do only what a policy allows
     */
    public record User(String name, String account, List<AccessKey> accessKeys, List<String> policies, boolean allowAll,
                       AccessKey s3Credentials) {
        public User(String name, String account, List<AccessKey> accessKeys, List<String> policies, boolean allowAll) {
            this(name, account, accessKeys, policies, allowAll, null);
        }

        /** A user whose access is exactly what its policies allow. */
        public User(String name, String account, List<AccessKey> accessKeys, List<String> policies) {
            this(name, account, accessKeys, policies, false);
        }
    }

    public static AuthFile empty() {
        return new AuthFile(List.of(), List.of());
    }

    /** Reads and checks a file; the message of the exception says what is wrong, never a secret. */
    public static AuthFile read(Path file) throws IOException {
        try (JsonParser p = Json.FACTORY.createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new IOException(file + ": not a JSON object");
            List<Account> accounts = new ArrayList<>();
            List<User> users = new ArrayList<>();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "accounts" -> readArray(p, () -> accounts.add(readAccount(p)));
                    case "users" -> readArray(p, () -> users.add(readUser(p)));
                    default -> p.skipChildren();
                }
            }
            AuthFile f = new AuthFile(List.copyOf(accounts), List.copyOf(users));
            f.check(file);
            return f;
        }
    }

    private void check(Path file) throws IOException {
        List<String> ids = new ArrayList<>();
        for (Account a : accounts) {
            if (a.id() == null || !ACCOUNT_ID.matcher(a.id()).matches()) {
                throw new IOException(file + ": account id must be 12 digits: " + a.id());
            }
            ids.add(a.id());
        }
        List<String> keys = new ArrayList<>();
        for (User u : users) {
            if (u.name() == null || u.name().isEmpty()) throw new IOException(file + ": a user has no name");
            if (!ids.contains(u.account())) throw new IOException(file + ": user " + u.name() + " names an unknown account " + u.account());
            for (AccessKey k : u.accessKeys()) {
                if (k.accessKeyId() == null || k.accessKeyId().isEmpty() || k.secretAccessKey() == null || k.secretAccessKey().isEmpty()) {
                    throw new IOException(file + ": user " + u.name() + " has an access key without id or secret");
                }
                if (keys.contains(k.accessKeyId())) throw new IOException(file + ": access key " + k.accessKeyId() + " appears twice");
                keys.add(k.accessKeyId());
            }
            for (String policy : u.policies()) {
                try {
                    io.basalt.server.auth.policy.PolicyDocument.parse(policy, io.basalt.server.auth.policy.PolicyDocument.Kind.IDENTITY);
                } catch (io.basalt.server.auth.policy.MalformedPolicyException e) {
                    throw new IOException(file + ": a policy of user " + u.name() + " is not valid: " + e.getMessage());
                }
            }
        }
    }

    private interface Element {
        void read() throws IOException;
    }

    private static void readArray(JsonParser p, Element element) throws IOException {
        if (p.currentToken() != JsonToken.START_ARRAY) throw new IOException("expected an array at " + p.currentLocation());
        while (p.nextToken() != JsonToken.END_ARRAY) element.read();
    }

    private static String text(JsonParser p) throws IOException {
        if (p.currentToken() == JsonToken.VALUE_NULL) return null;
        if (!p.currentToken().isScalarValue()) throw new IOException("expected a string at " + p.currentLocation());
        return p.getValueAsString();
    }

    private static Account readAccount(JsonParser p) throws IOException {
        String id = null, name = null;
        AccessKey s3 = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            p.nextToken();
            switch (f) {
                case "id" -> id = text(p);
                case "name" -> name = text(p);
                case "s3Credentials" -> s3 = readS3Key(p);
                default -> p.skipChildren();
            }
        }
        return new Account(id, name, s3);
    }

    private static User readUser(JsonParser p) throws IOException {
        String name = null, account = null;
        boolean allowAll = false;
        AccessKey s3 = null;
        List<AccessKey> keys = new ArrayList<>();
        List<String> policies = new ArrayList<>();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            p.nextToken();
            switch (f) {
                case "name" -> name = text(p);
                case "account" -> account = text(p);
                case "accessKeys" -> readArray(p, () -> keys.add(readKey(p)));
                case "policies" -> readArray(p, () -> policies.add(copy(p)));
                case "allowAll" -> {
                    if (!p.currentToken().isBoolean()) throw new IOException("allowAll must be true or false at " + p.currentLocation());
                    allowAll = p.getBooleanValue();
                }
                case "s3Credentials" -> s3 = readS3Key(p);
                default -> p.skipChildren();
            }
        }
        return new User(name, account, List.copyOf(keys), List.copyOf(policies), allowAll, s3);
    }

    private static AccessKey readS3Key(JsonParser p) throws IOException {
        if (p.currentToken() != JsonToken.START_OBJECT) throw new IOException("s3Credentials must be an object at " + p.currentLocation());
        AccessKey k = readKey(p);
        if (k.accessKeyId() == null || k.accessKeyId().isEmpty() || k.secretAccessKey() == null || k.secretAccessKey().isEmpty()) {
            throw new IOException("s3Credentials need an accessKeyId and a secretAccessKey at " + p.currentLocation());
        }
        return k;
    }

    private static void writeKey(JsonGenerator g, AccessKey k) throws IOException {
        g.writeStartObject();
        g.writeStringField("accessKeyId", k.accessKeyId());
        g.writeStringField("secretAccessKey", k.secretAccessKey());
        if (k.sessionToken() != null) g.writeStringField("sessionToken", k.sessionToken());
        g.writeEndObject();
    }

    private static AccessKey readKey(JsonParser p) throws IOException {
        String id = null, secret = null, token = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            p.nextToken();
            switch (f) {
                case "accessKeyId" -> id = text(p);
                case "secretAccessKey" -> secret = text(p);
                case "sessionToken" -> token = text(p);
                default -> p.skipChildren();
            }
        }
        return new AccessKey(id, secret, token);
    }

    /** The JSON text of the value the parser is on. */
    static String copy(JsonParser p) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = Json.FACTORY.createGenerator(w)) {
            g.copyCurrentStructure(p);
        }
        return w.toString();
    }

    /** Writes the file readable by its owner only, replacing it atomically (a running server never reads half a file). */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, ".auth", ".tmp");
        try {
            io.basalt.engine.PrivateFiles.restrict(tmp); // 0600 where POSIX permissions exist
            try (JsonGenerator g = Json.FACTORY.createGenerator(Files.newBufferedWriter(tmp))) {
                g.setPrettyPrinter(new DefaultPrettyPrinter());
                g.writeStartObject();
                g.writeArrayFieldStart("accounts");
                for (Account a : accounts) {
                    g.writeStartObject();
                    g.writeStringField("id", a.id());
                    if (a.name() != null) g.writeStringField("name", a.name());
                    if (a.s3Credentials() != null) {
                        g.writeFieldName("s3Credentials");
                        writeKey(g, a.s3Credentials());
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeArrayFieldStart("users");
                for (User u : users) {
                    g.writeStartObject();
                    g.writeStringField("name", u.name());
                    g.writeStringField("account", u.account());
                    if (u.allowAll()) g.writeBooleanField("allowAll", true);
                    g.writeArrayFieldStart("accessKeys");
                    for (AccessKey k : u.accessKeys()) writeKey(g, k);
                    g.writeEndArray();
                    if (u.s3Credentials() != null) {
                        g.writeFieldName("s3Credentials");
                        writeKey(g, u.s3Credentials());
                    }
                    g.writeArrayFieldStart("policies");
                    for (String policy : u.policies()) g.writeRawValue(policy);
                    g.writeEndArray();
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
                g.writeRaw('\n');
            }
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** The user holding an access key, or null. */
    public User userOf(String accessKeyId) {
        for (User u : users) for (AccessKey k : u.accessKeys()) if (k.accessKeyId().equals(accessKeyId)) return u;
        return null;
    }
}
