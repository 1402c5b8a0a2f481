package io.basalt.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.BasaltConfig;
import io.basalt.HttpSettings;
import io.basalt.server.auth.AdminTokens;
import io.basalt.server.auth.AuthFile;
import io.basalt.server.auth.CredentialStore;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The options of the HTTP ports' guards (docs/security.md) and {@code basalt auth admin-token}. */
class HttpOptionsTest {
    @Test
    void defaultsKeepDynamoDbLocalsCorsAndBindTheAdminPortToLoopback() throws Exception {
        HttpSettings h = Options.parse(List.of("--host", "0.0.0.0"), Map.of()).http();
        assertEquals(HttpSettings.defaults(), h);
        assertEquals("127.0.0.1", h.adminHost());
        assertEquals("*", h.cors());
        assertEquals(5000, h.headerTimeoutMillis());
        assertEquals(10000, h.bodyTimeoutMillis());
    }

    @Test
    void everyOptionIsRead() throws Exception {
        BasaltConfig c = Options.parse(List.of("--admin-host", "0.0.0.0", "--allowed-host", "dev.internal, basalt.test",
                "--cors", "http://localhost:3000,https://app.example", "--header-timeout-ms", "2000", "--body-timeout-ms", "3000",
                "--max-connections-per-source", "20"), Map.of("BASALT_ADMIN_PORT", "9001"));
        HttpSettings h = c.http();
        assertEquals("0.0.0.0", h.adminHost());
        assertEquals(List.of("dev.internal", "basalt.test"), h.allowedHosts());
        assertEquals("http://localhost:3000,https://app.example", h.cors());
        assertEquals(2000, h.headerTimeoutMillis());
        assertEquals(3000, h.bodyTimeoutMillis());
        assertEquals(20, h.maxConnectionsPerSource());
        assertEquals(9001, c.adminPort());
    }

    @Test
    void badValuesAreUsageErrors() {
        Options.UsageError e = assertThrows(Options.UsageError.class, () -> Options.parse(List.of("--cors", "app.example"), Map.of()));
        assertEquals("--cors takes *, none or origins such as http://localhost:3000 separated by commas (got app.example)", e.getMessage());
        e = assertThrows(Options.UsageError.class, () -> Options.parse(List.of("--header-timeout-ms", "10"), Map.of()));
        assertEquals("--header-timeout-ms must be between 100 and 3600000 (got 10)", e.getMessage());
    }

    @Test
    void adminTokenPrintsATokenOfThatKey() throws Exception {
        Path dir = Files.createTempDirectory("basalt-token");
        try {
            Path file = dir.resolve("auth.json");
            new AuthFile(List.of(new AuthFile.Account("111122223333", "a")), List.of(new AuthFile.User("ops", "111122223333",
                    List.of(new AuthFile.AccessKey("AKIAOPS", "ops-secret", null)), List.of(), true))).write(file);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
            assertEquals(0, AuthCommand.run(List.of("admin-token", "--access-key-id", "AKIAOPS", "--hours", "1", "--auth-file", file.toString()),
                    Map.of(), out, out));
            String token = bytes.toString(StandardCharsets.UTF_8).trim();
            assertTrue(token.startsWith("basalt1.AKIAOPS."), token);
            CredentialStore store = CredentialStore.open(file);
            assertEquals("ops", AdminTokens.verify(token, store, System.currentTimeMillis()).userName());
            assertEquals(null, AdminTokens.verify(token, store, System.currentTimeMillis() + 3_601_000L), "expired after the hour");
            bytes.reset();
            assertEquals(1, AuthCommand.run(List.of("admin-token", "--access-key-id", "AKIANONE", "--auth-file", file.toString()),
                    Map.of(), out, out));
            assertEquals("basalt auth admin-token: no access key AKIANONE in " + file, bytes.toString(StandardCharsets.UTF_8).trim());
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }
}
