-- Documents that entered by URL (no uploaded bytes): found again by their URL.
CREATE INDEX documents_user_url ON documents (user_id, url) WHERE sha256 IS NULL AND url IS NOT NULL;
