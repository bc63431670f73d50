-- The seed commitment covers the seed and a 128-bit nonce revealed with it. Tables stored
-- before keep no nonce (NULL): their commitment is the SHA-256 of the seed alone, as published.
ALTER TABLE tables ADD COLUMN seed_nonce TEXT;
