ALTER TABLE "form_files" ADD COLUMN "uploader" text;--> statement-breakpoint
ALTER TABLE "form_files" ADD COLUMN "filling_key" text;