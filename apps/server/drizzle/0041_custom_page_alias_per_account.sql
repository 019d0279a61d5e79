-- An alias was unique across every account, so one account could learn another's draft and internal
-- pages' names from a refused alias. Now it is unique within an account, and across accounts only
-- among the pages /pages/:alias shows (public and published): that address names no account.
DROP INDEX IF EXISTS "custom_pages_alias_key";--> statement-breakpoint
CREATE UNIQUE INDEX "custom_pages_account_alias_key" ON "custom_pages" USING btree ("account_id","alias");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_pages_public_alias_key" ON "custom_pages" USING btree ("alias") WHERE "custom_pages"."is_public" and "custom_pages"."is_published";
