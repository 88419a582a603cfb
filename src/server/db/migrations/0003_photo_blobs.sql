-- Written by hand, not by drizzle-kit (issue 16): the bytes of photos when the server runs on PostgreSQL, so every
-- instance on the database serves every photo (src/server/blobs.ts databaseBlobStore). Not in schema.ts: only that
-- store reads it, with plain SQL, and the feed never sends it.
CREATE TABLE IF NOT EXISTS "photo_blobs" (
	"id" text PRIMARY KEY NOT NULL,
	"bytes" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
