-- A form's themeId names its theme by the random 9-character id the theme lists show (forms.md §9),
-- no longer by the numeric row id. A form whose theme is gone keeps no id that could name another.
UPDATE "forms" SET "settings" = jsonb_set("settings", '{themeId}', 'null'::jsonb)
WHERE "settings"->>'themeId' ~ '^[0-9]+$'
  AND NOT EXISTS (
    SELECT 1 FROM "form_themes" t
    WHERE t."account_id" = "forms"."account_id" AND t."id"::text = "forms"."settings"->>'themeId'
  );
--> statement-breakpoint
UPDATE "forms" SET "settings" = jsonb_set("forms"."settings", '{themeId}', to_jsonb(t."uid"))
FROM "form_themes" t
WHERE t."account_id" = "forms"."account_id" AND t."id"::text = "forms"."settings"->>'themeId';
