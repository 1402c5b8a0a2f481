package io.basalt.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.server.auth.AuthFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code basalt auth add-user --policy}: the policy is checked and restricts the user; without it the user gets allowAll. */
class AuthCommandPolicyTest {
    @TempDir Path dir;

    private int run(String... args) {
        return AuthCommand.run(List.of(args), java.util.Map.of(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void aPolicyRestrictsTheUserAndNoPolicyAllowsAll() throws Exception {
        Path file = dir.resolve("auth.json");
        Path policy = dir.resolve("p.json");
        Files.writeString(policy, "{\"Version\":\"2012-10-17\",\"Statement\":{\"Effect\":\"Allow\",\"Action\":\"dynamodb:GetItem\",\"Resource\":\"*\"}}");
        assertEquals(0, run("add-user", "reader", "--account", "111122223333", "--policy", policy.toString(), "--auth-file", file.toString()));
        assertEquals(0, run("add-user", "admin", "--account", "111122223333", "--auth-file", file.toString()));
        AuthFile f = AuthFile.read(file);
        AuthFile.User reader = f.users().get(0), admin = f.users().get(1);
        assertEquals(1, reader.policies().size());
        assertFalse(reader.allowAll());
        assertTrue(admin.allowAll());
        assertTrue(Files.readString(file).contains("\"allowAll\" : true"), Files.readString(file));
        // a policy added later takes allowAll away
        assertEquals(0, run("add-user", "admin", "--account", "111122223333", "--policy", policy.toString(), "--auth-file", file.toString()));
        assertFalse(AuthFile.read(file).users().get(1).allowAll());
    }

    @Test
    void aMalformedPolicyIsRefusedWithItsFault() throws Exception {
        Path file = dir.resolve("auth.json");
        Path policy = dir.resolve("bad.json");
        Files.writeString(policy, "{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Allow\",\"Action\":\"dynamodb:GetItem\"}]}");
        assertEquals(1, run("add-user", "x", "--account", "111122223333", "--policy", policy.toString(), "--auth-file", file.toString()));
        assertEquals("basalt auth: " + policy + ": Statement 1: give exactly one of Resource and NotResource",
                err.toString(StandardCharsets.UTF_8).trim());
        assertFalse(Files.exists(file));
    }
}
