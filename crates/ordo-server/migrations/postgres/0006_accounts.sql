-- Accounts (optional: guests play without one) and their server-side sessions. A name is
-- unique without regard to case (`name_key` is its lower-case form). A session is stored by
-- the SHA-256 of its id, never the id itself.
CREATE TABLE accounts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    email TEXT,
    created_at BIGINT NOT NULL,
    disabled BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE sessions (
    id_hash TEXT PRIMARY KEY,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);

CREATE INDEX sessions_by_account ON sessions(account_id);
