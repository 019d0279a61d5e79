CREATE TABLE "google_authorizations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"verifier" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "google_connections" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"access_token" text,
	"access_expires_at" timestamp with time zone,
	"refresh_token" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "destination" text DEFAULT 'file' NOT NULL;--> statement-breakpoint
ALTER TABLE "export_jobs" ADD COLUMN "sheet_url" text;--> statement-breakpoint
ALTER TABLE "google_authorizations" ADD CONSTRAINT "google_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_connections" ADD CONSTRAINT "google_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_authorizations_user_idx" ON "google_authorizations" USING btree ("user_id");