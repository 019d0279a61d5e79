-- When housekeeping or a kit save last saw a brand picture named anywhere (forms.md §3): a picture
-- never named is an unsaved upload, removed after a day; one named before is removed only 30 days
-- after anything last named it. Pictures uploaded before this change count as named now, so none is
-- removed sooner than before.
ALTER TABLE "brand_assets" ADD COLUMN "last_referenced_at" timestamp with time zone;--> statement-breakpoint
UPDATE "brand_assets" SET "last_referenced_at" = now();
