ALTER TABLE "email_notifications" ADD COLUMN "configured_by" integer;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "configured_by" integer;