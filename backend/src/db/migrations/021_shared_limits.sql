-- Limits shared by every API process on one database (issue 18), instead of each process's memory.
-- Both tables are UNLOGGED: they are written on every request (or failed sign-in) and need not outlive a
-- crash (the in-memory limits did not outlive a restart), so their writes skip the WAL and the fsync of
-- a commit; a crash empties them.

-- The per-key request limit is a token bucket: what is left of it and when that was reckoned. A bucket
-- idle for a minute is full again, the same as no row, so old rows are swept freely. No index on
-- `updated`: it changes on every request, and an index on it would rule out HOT updates; the sweep scans
-- one row per key in use.
CREATE UNLOGGED TABLE rate_limit_buckets (
  bucket text PRIMARY KEY,
  tokens double precision NOT NULL,
  updated timestamptz NOT NULL
);

-- Failed sign-ins per key (`correo:<email>`, `ip:<address>`), one row each, while they are within the
-- throttle's window; a successful sign-in deletes its email's rows.
CREATE UNLOGGED TABLE sign_in_failures (
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_key_at ON sign_in_failures (key, at);
CREATE INDEX sign_in_failures_at ON sign_in_failures (at);
