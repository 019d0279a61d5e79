-- REST-hook subscriptions are webhooks of their form; this marks them, so that unsubscribing
-- (DELETE /api/hooks/{id}, with an integration's key) can remove no webhook a person set up.
ALTER TABLE "webhooks" ADD COLUMN "rest_hook" boolean DEFAULT false NOT NULL;
