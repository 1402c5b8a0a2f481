package io.basalt.migrate;

import io.basalt.migrate.source.JdbcSource;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/** {@code basalt migrate generate-example gaming}: the whitepaper's gaming schema, filled with generated rows. */
final class GenerateExample {
    private GenerateExample() {}

    static final String HELP = """
            Usage: basalt migrate generate-example gaming --source JDBC-URL [--user U] [--password P] [--rows N] [--seed N]

            Creates the gaming example's tables (examples/gaming/schema.sql: players, games, players_games;
            existing ones are dropped) and fills them: N association rows (default 1,000,000), N/10 players
            (at least 1000; 10 games each on average) and N/1000 games (1000 players each), as in the whitepaper's access
            patterns. Works on PostgreSQL, MariaDB/MySQL and SQLite.
            """;

    /** The schema, also in examples/gaming/schema.sql (standard SQL: PostgreSQL, MariaDB, MySQL, SQLite). */
    static final List<String> SCHEMA = List.of(
            "CREATE TABLE players (player_id VARCHAR(40) PRIMARY KEY, player_name VARCHAR(100) NOT NULL, email VARCHAR(200), created_at TIMESTAMP NOT NULL)",
            "CREATE TABLE games (game_id VARCHAR(40) PRIMARY KEY, game_name VARCHAR(100) NOT NULL, game_type VARCHAR(40) NOT NULL)",
            "CREATE TABLE players_games (game_id VARCHAR(40) NOT NULL REFERENCES games(game_id), player_id VARCHAR(40) NOT NULL REFERENCES players(player_id),"
                    + " registration_date DATE NOT NULL, score INTEGER NOT NULL, PRIMARY KEY (game_id, player_id))",
            "CREATE INDEX players_games_player ON players_games (player_id, registration_date)");

    private static final String[] TYPES = {"Sports", "Shooters", "Puzzle", "Strategy", "Racing", "Adventure", "Card", "Arcade"};
    private static final int BATCH = 500;

    static int run(List<String> args, Map<String, String> env, PrintStream out, PrintStream err) throws SQLException {
        Args a = new Args(args, Set.of("source", "user", "password", "rows", "seed", "driver-jar"), Set.of());
        if (a.positional.size() != 1 || !a.positional.get(0).equals("gaming")) throw new Args.UsageError("the one example is 'gaming'");
        long rows = a.intValue("rows", 1_000_000);
        if (rows < 1) throw new Args.UsageError("--rows: at least 1");
        long games = Math.max(1, (rows + 999) / 1000), perGame = (rows + games - 1) / games;
        long players = Math.max(rows / 10, perGame); // a game's players are distinct
        Random random = new Random(a.intValue("seed", 1));
        PrintStream progress = System.console() != null ? err : null;
        try (Connection c = JdbcSource.connect(a.required("source"), a.get("user"), a.get("password", env.get("BASALT_SOURCE_PASSWORD")),
                a.all("driver-jar").stream().map(java.nio.file.Path::of).toList())) {
            try (Statement st = c.createStatement()) {
                for (String t : List.of("players_games", "games", "players")) st.execute("DROP TABLE IF EXISTS " + t);
                for (String ddl : SCHEMA) st.execute(ddl);
            }
            c.setAutoCommit(false);
            LocalDate epoch = LocalDate.of(2020, 1, 1);
            insert(c, "players", 4, players, (ps, o, i) -> {
                ps.setString(o + 1, "P" + i);
                ps.setString(o + 2, "Player " + i + " " + name(random));
                ps.setString(o + 3, "player" + i + "@example.com");
                ps.setTimestamp(o + 4, java.sql.Timestamp.valueOf(epoch.atStartOfDay().plusSeconds(random.nextInt(60_000_000))));
            }, progress);
            insert(c, "games", 3, games, (ps, o, i) -> {
                ps.setString(o + 1, "G" + i);
                ps.setString(o + 2, name(random) + " " + name(random) + " " + i);
                ps.setString(o + 3, TYPES[random.nextInt(TYPES.length)]);
            }, progress);
            insert(c, "players_games", 4, rows, (ps, o, r) -> {
                long game = r % games, nth = r / games; // game g's nth player: distinct players for one game
                long player = (nth * Math.max(1, players / perGame) + game * 7919) % players;
                ps.setString(o + 1, "G" + game);
                ps.setString(o + 2, "P" + player);
                ps.setDate(o + 3, java.sql.Date.valueOf(epoch.plusDays(random.nextInt(1500))));
                ps.setInt(o + 4, random.nextInt(10_000));
            }, progress);
        }
        out.printf("gaming example: %,d players, %,d games, %,d players_games rows%n", players, games, rows);
        return 0;
    }

    private interface RowWriter {
        void write(PreparedStatement ps, int offset, long row) throws SQLException;
    }

    /** Multi-row INSERTs of BATCH rows, committed every 50,000 rows. */
    private static void insert(Connection c, String table, int columns, long rows, RowWriter writer, PrintStream progress) throws SQLException {
        String tuple = "(" + "?,".repeat(columns - 1) + "?)";
        String full = "INSERT INTO " + table + " VALUES " + (tuple + ",").repeat(BATCH - 1) + tuple;
        try (PreparedStatement ps = c.prepareStatement(full)) {
            long r = 0;
            while (r + BATCH <= rows) {
                for (int i = 0; i < BATCH; i++) writer.write(ps, i * columns, r++);
                ps.executeUpdate();
                if (r % 50_000 == 0) {
                    c.commit();
                    if (progress != null) progress.printf("\r%s: %,d of %,d rows", table, r, rows);
                }
            }
            int left = (int) (rows - r);
            if (left > 0) {
                try (PreparedStatement last = c.prepareStatement("INSERT INTO " + table + " VALUES " + (tuple + ",").repeat(left - 1) + tuple)) {
                    for (int i = 0; i < left; i++) writer.write(last, i * columns, r++);
                    last.executeUpdate();
                }
            }
            c.commit();
            if (progress != null) progress.printf("\r%s: %,d rows%20s%n", table, rows, "");
        }
    }

    private static String name(Random random) {
        String[] syllables = {"ka", "lo", "mi", "ra", "ton", "vel", "dor", "sun", "ix", "ber"};
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 2 + random.nextInt(3); i++) sb.append(syllables[random.nextInt(syllables.length)]);
        return Character.toUpperCase(sb.charAt(0)) + sb.substring(1);
    }
}
