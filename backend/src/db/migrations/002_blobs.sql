-- Original files kept in the database, for deployments where workers on several machines share
-- one PostgreSQL server but no file system.
CREATE TABLE blob_chunks (
  key text NOT NULL,
  n integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (key, n)
);
