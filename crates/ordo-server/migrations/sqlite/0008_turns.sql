-- Turn-based play: each account's notification settings (with the key its e-mails'
-- unsubscribe link carries), every finished game's result per account (the seat, its role —
-- the Order played in Crusaders, the Baron in Warrior Knights —, the place, and for rated
-- tables the rating before and after), and the current Glicko-2 rating per game and
-- player-count group (`2`, `3-4`, `5-6`).
CREATE TABLE notify_prefs (
    account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    sound INTEGER NOT NULL,
    browser INTEGER NOT NULL,
    email INTEGER NOT NULL,
    webhook TEXT,
    vacation_until INTEGER,
    mail_key TEXT NOT NULL UNIQUE,
    lang TEXT NOT NULL DEFAULT 'en'
);

CREATE TABLE game_results (
    table_id TEXT NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    grp TEXT NOT NULL,
    seat INTEGER NOT NULL,
    role TEXT NOT NULL,
    place INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    rating_before REAL,
    rating_after REAL,
    deviation_after REAL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, account_id)
);

CREATE INDEX game_results_by_account ON game_results(account_id, at);

CREATE TABLE ratings (
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    grp TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, game, grp)
);

CREATE INDEX ratings_board ON ratings(game, grp, rating);
