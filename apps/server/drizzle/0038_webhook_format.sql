ALTER TABLE "webhooks" ADD COLUMN "format" text DEFAULT 'standard' NOT NULL;
