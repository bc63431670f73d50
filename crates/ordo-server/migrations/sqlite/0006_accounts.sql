-- Accounts (optional: guests play without one) and their server-side sessions. A name is
-- unique without regard to case (`name_key` is its lower-case form). A session is stored by
-- the SHA-256 of its id, never the id itself.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    email TEXT,
    created_at INTEGER NOT NULL,
    disabled INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
);

CREATE INDEX sessions_by_account ON sessions(account_id);
