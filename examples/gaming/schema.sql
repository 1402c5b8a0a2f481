-- The gaming example's relational schema (AWS whitepaper "Best Practices for Migrating from RDBMS to
-- Amazon DynamoDB": players, games and the players-games association table). Standard SQL: runs
-- unchanged on PostgreSQL, MariaDB/MySQL and SQLite. `basalt migrate generate-example gaming` creates
-- these same tables (the statements in io.basalt.migrate.GenerateExample) and fills them.
CREATE TABLE players (
    player_id   VARCHAR(40) PRIMARY KEY,
    player_name VARCHAR(100) NOT NULL,
    email       VARCHAR(200),
    created_at  TIMESTAMP NOT NULL
);
CREATE TABLE games (
    game_id   VARCHAR(40) PRIMARY KEY,
    game_name VARCHAR(100) NOT NULL,
    game_type VARCHAR(40) NOT NULL
);
CREATE TABLE players_games (
    game_id           VARCHAR(40) NOT NULL REFERENCES games(game_id),
    player_id         VARCHAR(40) NOT NULL REFERENCES players(player_id),
    registration_date DATE NOT NULL,
    score             INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id)
);
CREATE INDEX players_games_player ON players_games (player_id, registration_date);
