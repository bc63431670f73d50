-- Table talk and who holds which seat.
-- `chat`: every message said at a table, in order (`seq`), with the channel it was said in
-- (`players`, or `spectators`: read by spectators only until the game ends), the seat that
-- said it (NULL for a spectator), the table version it was said at (replays show it there),
-- and either a text or a quick phrase's id (each reader sees the phrase in their language).
-- `table_players`: the person behind each bound seat (`a:<account id>`, or `g:<SHA-256 of a
-- guest's cookie>`), kept with the seats in the same write, so that "My games" is one lookup.
CREATE TABLE chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    channel TEXT NOT NULL,
    seat INTEGER,
    name TEXT,
    phrase TEXT,
    text TEXT NOT NULL,
    at_version INTEGER NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (table_id, seq)
);

CREATE TABLE table_players (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    holder TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);

CREATE INDEX table_players_by_holder ON table_players(holder);
