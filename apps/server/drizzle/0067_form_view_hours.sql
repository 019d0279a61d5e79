-- Views of the public page were kept per UTC day, so a reader whose day is not UTC's got the
-- views of two UTC days against the submissions of their one day. They are now kept per hour
-- (the hour's start, in UTC), and any range of whole hours reads them exactly. The days kept so
-- far become their noon, which stays on the same date for every zone from UTC-12 to UTC+11 (their
-- first hour would move them to the day before west of UTC). The old table is locked first, so a
-- view an older process counts during the move is not copied half: it waits, and fails with the
-- table gone, as a view a process could not count ever did.
LOCK TABLE "form_view_days" IN EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "form_view_hours" (
	"account_id" integer NOT NULL,
	"form_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_view_hours_account_id_form_id_hour_pk" PRIMARY KEY("account_id","form_id","hour")
);
--> statement-breakpoint
ALTER TABLE "form_view_hours" ADD CONSTRAINT "form_view_hours_account_id_form_id_forms_account_id_id_fk" FOREIGN KEY ("account_id","form_id") REFERENCES "public"."forms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "form_view_hours" ("account_id", "form_id", "hour", "views")
  SELECT "account_id", "form_id", "day"::timestamp AT TIME ZONE 'UTC' + interval '12 hours', "views" FROM "form_view_days";--> statement-breakpoint
DROP TABLE "form_view_days";
