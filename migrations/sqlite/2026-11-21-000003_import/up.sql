-- An import job (the spec's jobId): files uploaded together, processed, numbered, merged into
-- designs and added to an archive in one step.
CREATE TABLE import_jobs (
    id TEXT PRIMARY KEY NOT NULL,
    archive_id INTEGER NOT NULL REFERENCES archives (id),
    is_new_import BOOLEAN NOT NULL,
    state TEXT NOT NULL,
    created_by TEXT REFERENCES users (guid) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX import_jobs_state ON import_jobs (state);

CREATE TABLE import_files (
    id TEXT PRIMARY KEY NOT NULL,
    job_id TEXT NOT NULL REFERENCES import_jobs (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    original_name TEXT NOT NULL,
    byte_size BIGINT NOT NULL,
    content_hash TEXT NOT NULL,
    format TEXT NOT NULL,
    -- where the uploaded original is kept (object key)
    source_key TEXT NOT NULL,
    state TEXT NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0,
    attempts INTEGER NOT NULL DEFAULT 0,
    error_code TEXT,
    error_detail TEXT,
    -- a worker's claim: who and until when (a lease; an expired lease is claimed again)
    claimed_by TEXT,
    lease_until TIMESTAMP,
    -- what processing found (JSON of the decoded facts and renditions)
    facts TEXT,
    renditions_key TEXT,
    -- merge group: files with the same group become colorways of one design
    group_key TEXT NOT NULL DEFAULT '',
    design_number TEXT,
    colorway_name TEXT,
    design_guid TEXT,
    colorway_guid TEXT,
    UNIQUE (job_id, original_name),
    UNIQUE (job_id, content_hash)
);
CREATE INDEX import_files_job ON import_files (job_id, position);
CREATE INDEX import_files_state ON import_files (state, lease_until);
