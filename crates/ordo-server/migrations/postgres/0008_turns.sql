-- Turn-based play: each account's notification settings (with the key its e-mails'
-- unsubscribe link carries), every finished game's result per account (the seat, its role —
-- the Order played in Crusaders, the Baron in Warrior Knights —, the place, and for rated
-- tables the rating before and after), and the current Glicko-2 rating per game and
-- player-count group (`2`, `3-4`, `5-6`).
CREATE TABLE notify_prefs (
    account_id BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    sound BOOLEAN NOT NULL,
    browser BOOLEAN NOT NULL,
    email BOOLEAN NOT NULL,
    webhook TEXT,
    vacation_until BIGINT,
    mail_key TEXT NOT NULL UNIQUE,
    lang TEXT NOT NULL DEFAULT 'en'
);

CREATE TABLE game_results (
    table_id TEXT NOT NULL,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    grp TEXT NOT NULL,
    seat BIGINT NOT NULL,
    role TEXT NOT NULL,
    place BIGINT NOT NULL,
    rated BOOLEAN NOT NULL,
    rating_before DOUBLE PRECISION,
    rating_after DOUBLE PRECISION,
    deviation_after DOUBLE PRECISION,
    at BIGINT NOT NULL,
    PRIMARY KEY (table_id, account_id)
);

CREATE INDEX game_results_by_account ON game_results(account_id, at);

CREATE TABLE ratings (
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    grp TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, game, grp)
);

CREATE INDEX ratings_board ON ratings(game, grp, rating);
