CREATE TABLE "invitation_groups" (
	"account_id" integer NOT NULL,
	"invitation_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "invitation_groups_account_id_invitation_id_group_id_pk" PRIMARY KEY("account_id","invitation_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "invitation_groups" ADD CONSTRAINT "invitation_groups_account_id_invitation_id_invitations_account_id_id_fk" FOREIGN KEY ("account_id","invitation_id") REFERENCES "public"."invitations"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitation_groups" ADD CONSTRAINT "invitation_groups_account_id_group_id_groups_account_id_id_fk" FOREIGN KEY ("account_id","group_id") REFERENCES "public"."groups"("account_id","id") ON DELETE cascade ON UPDATE no action;