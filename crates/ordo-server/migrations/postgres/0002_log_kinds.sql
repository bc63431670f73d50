-- Log entries of two kinds (a decision, or the take-back of the last decision) and the seats'
-- remaining clock time after each entry.
ALTER TABLE actions ADD COLUMN kind TEXT NOT NULL DEFAULT 'decision';
ALTER TABLE actions ADD COLUMN clocks TEXT;
