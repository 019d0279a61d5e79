-- A session recording batch's JSON size before gzip: a filling's recording is held to a limit of
-- these too, as highly compressible batches take little room gzipped yet all of it when read.
ALTER TABLE "session_recordings" ADD COLUMN "raw_bytes" integer DEFAULT 0 NOT NULL;
