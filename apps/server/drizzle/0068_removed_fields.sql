-- Questions deleted from a form, as they last were: answers given to them stay readable by the
-- question's title and their options' titles, in the results and in exports.
ALTER TABLE "forms" ADD COLUMN "removed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;
