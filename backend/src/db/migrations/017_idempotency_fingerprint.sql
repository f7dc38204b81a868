-- What a request with an Idempotency-Key asked for (a SHA-256 of its body and options), so that the same
-- key sent with a different request is refused instead of answered with the first one's resource.
-- Keys recorded before this column have none and are replayed as before.
ALTER TABLE idempotency_keys ADD COLUMN fingerprint text;
