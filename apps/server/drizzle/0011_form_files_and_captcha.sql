CREATE TABLE "captcha_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_files" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"field_id" text NOT NULL,
	"answer_id" integer,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_files_form_idx" ON "form_files" USING btree ("account_id","form_id","answer_id");--> statement-breakpoint
CREATE INDEX "form_files_unclaimed_idx" ON "form_files" USING btree ("created_at") WHERE "form_files"."answer_id" is null;