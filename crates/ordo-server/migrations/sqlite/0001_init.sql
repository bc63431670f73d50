-- Tables (game tables) and their append-only decision log.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    config TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seed_commitment TEXT NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (table_id, version)
);
CREATE INDEX tables_status ON tables(status);
