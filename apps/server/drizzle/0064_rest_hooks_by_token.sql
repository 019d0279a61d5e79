-- A REST hook keeps the external app whose token subscribed it: it sends only while that token is
-- active and unexpired, and is deleted with the token, so a revoked token stops its subscriptions.
ALTER TABLE "webhooks" ADD COLUMN "external_app_id" integer;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_external_app_fk" FOREIGN KEY ("account_id","external_app_id") REFERENCES "external_apps"("account_id","id") ON DELETE cascade;
