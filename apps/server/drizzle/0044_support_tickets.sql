-- Support tickets (platform.md §2, §4, §9): an account's people write to the instance's operators.
-- Each row carries its account in its key, as every tenant table does; a ticket's last message and
-- its answer count are kept on the ticket by the same transaction that writes the message.
CREATE TABLE "support_tickets" (
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_tickets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"author_id" integer REFERENCES "users"("id") ON DELETE set null,
	"title" text NOT NULL,
	"topic" text NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"answer_count" integer DEFAULT 0 NOT NULL,
	"last_message_by_id" integer REFERENCES "users"("id") ON DELETE set null,
	"last_message_by_operator" boolean DEFAULT false NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "support_tickets_status" CHECK ("status" in ('new', 'in_progress', 'reopened', 'closed'))
);
--> statement-breakpoint
CREATE INDEX "support_tickets_account_last_idx" ON "support_tickets" USING btree ("account_id","last_message_at");--> statement-breakpoint
-- Operators open a ticket by its id alone, across accounts.
CREATE INDEX "support_tickets_id_idx" ON "support_tickets" USING btree ("id");--> statement-breakpoint
CREATE TABLE "support_messages" (
	"account_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "support_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ticket_id" integer NOT NULL,
	"author_id" integer REFERENCES "users"("id") ON DELETE set null,
	"by_operator" boolean DEFAULT false NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "support_messages_ticket_fk" FOREIGN KEY ("account_id","ticket_id") REFERENCES "support_tickets"("account_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "support_messages_ticket_idx" ON "support_messages" USING btree ("account_id","ticket_id","id");--> statement-breakpoint
CREATE TABLE "support_attachments" (
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"id" text NOT NULL,
	"message_id" integer,
	"uploader_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_attachments_account_id_id_pk" PRIMARY KEY("account_id","id"),
	CONSTRAINT "support_attachments_message_fk" FOREIGN KEY ("account_id","message_id") REFERENCES "support_messages"("account_id","id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "support_attachments_message_idx" ON "support_attachments" USING btree ("account_id","message_id");
