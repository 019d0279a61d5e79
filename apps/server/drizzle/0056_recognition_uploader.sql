-- Who sent a filling's recognition, and how large it is: a form's and an address's share of the
-- recognition no submission took yet is held as captures' are.
ALTER TABLE "answer_recognitions" ADD COLUMN "uploader" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "answer_recognitions" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;
