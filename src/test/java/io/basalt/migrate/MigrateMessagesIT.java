package io.basalt.migrate;

import static io.basalt.migrate.MigrateRunIT.connect;
import static io.basalt.migrate.MigrateRunIT.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.basalt.Basalt;
import io.basalt.BasaltConfig;
import io.basalt.migrate.MigrateRunIT.Outcome;
import io.basalt.migrate.MigrateRunIT.Server;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a new user meets first, on the machine's PostgreSQL: a model whose query reads a missing
 * table is refused naming the entity; a {@code jdbc:postgres:} URL gets the right scheme suggested;
 * {@code --endpoint} to a local Basalt works without exported AWS credentials (no credential-chain
 * dump).
 */
class MigrateMessagesIT {
    private static final String MODEL = """
            entities:
              - name: Ghost
                query: SELECT id FROM ghosts
                table: Ghosts
                key: {PK: "G#{id}"}
            tables:
              - name: Ghosts
                partitionKey: PK
            """;

    /** The command with only these environment variables (no AWS credentials unless given). */
    private static Outcome migrate(Map<String, String> env, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = MigrateCommand.run(List.of(args), env, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void missingTableWrongSchemeAndLocalEndpoint(@TempDir Path dir) throws Exception {
        String db = "basalt_msg_" + System.nanoTime();
        Server pg = Server.POSTGRESQL;
        try (Connection admin = connect(pg.prefix() + pg.adminDb(), pg.user()); Basalt basalt = Basalt.start(BasaltConfig.inMemoryOnFreePort())) {
            exec(admin, "CREATE DATABASE " + db);
            try {
                String url = pg.prefix() + db, endpoint = basalt.endpoint().toString();
                Path model = dir.resolve("model.yaml");
                Files.writeString(model, MODEL);
                Outcome missing = migrate(Map.of(), "run", "--model", model.toString(), "--source", url, "--user", pg.user(), "--endpoint", endpoint);
                assertEquals(1, missing.code(), missing.err());
                assertTrue(missing.err().startsWith("basalt migrate run: entity Ghost: its query failed on the source: ERROR: relation \"ghosts\" does not exist"),
                        missing.err());

                Outcome scheme = migrate(Map.of(), "run", "--model", model.toString(), "--source", url.replace("jdbc:postgresql:", "jdbc:postgres:"),
                        "--user", pg.user(), "--endpoint", endpoint);
                assertEquals(1, scheme.code(), scheme.err());
                assertEquals("basalt migrate run: database error: No suitable driver found for jdbc:postgres://127.0.0.1:5432/" + db
                        + " (did you mean jdbc:postgresql://127.0.0.1:5432/" + db + "?)\n", scheme.err());

                try (Connection c = connect(url, pg.user())) {
                    exec(c, "CREATE TABLE ghosts (id INT PRIMARY KEY)");
                    exec(c, "INSERT INTO ghosts VALUES (1), (2)");
                }
                Outcome local = migrate(Map.of(), "run", "--model", model.toString(), "--source", url, "--user", pg.user(), "--endpoint", endpoint);
                assertEquals(0, local.code(), local.out() + local.err());
                assertTrue(!local.err().contains("credential"), local.err());
            } finally {
                exec(admin, "DROP DATABASE " + db + pg.dropSuffix());
            }
        }
    }
}
