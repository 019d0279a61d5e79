import { z } from "zod";
import { PG_INT_MAX } from "./ids.ts";

/** Stored statuses, and "expired" for a pending one past its time. */
export const INVITATION_STATUSES = ["pending", "accepted", "revoked", "expired"] as const;
export const INVITATION_TTL_DAYS = 30;
export const MAX_INVITATIONS_PER_REQUEST = 100;

const ZEmail = z.email();

/** platform.md §5: addresses separated by spaces, commas or line breaks; duplicates count once. */
export function splitEmails(text: string): { emails: string[]; invalid: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
  const emails = new Map<string, string>();
  const invalid: string[] = [];
  for (const part of parts) {
    if (ZEmail.safeParse(part).success) emails.set(part.toLowerCase(), part);
    else invalid.push(part);
  }
  return { emails: [...emails.values()], invalid };
}

export const ZInvitationSendBody = z
  .object({
    emails: z.string().max(20_000, "request.too_large"),
    /** Groups of the account the invitees join on accepting (only admins may choose them). */
    groupIds: z
      // No group has an id beyond PostgreSQL's int: such an id is unknown like every other missing one.
      .array(
        z.number().int().positive("invitation.groups.unknown").max(PG_INT_MAX, "invitation.groups.unknown"),
      )
      .max(100, "request.too_large")
      .default([]),
  })
  .superRefine((body, ctx) => {
    const { emails, invalid } = splitEmails(body.emails);
    if (invalid.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: "invitation.email.invalid",
        path: ["emails"],
        params: { invalid },
      });
    } else if (emails.length === 0) {
      ctx.addIssue({ code: "custom", message: "invitation.emails.empty", path: ["emails"] });
    } else if (emails.length > MAX_INVITATIONS_PER_REQUEST) {
      ctx.addIssue({ code: "custom", message: "invitation.emails.too_many", path: ["emails"] });
    }
  });

export const ZInvitation = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(INVITATION_STATUSES),
  sendDate: z.string(),
  acceptDate: z.string().nullable(),
  invitedBy: z.string().nullable(),
  /** The groups the invitee joins on accepting. */
  groups: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type TInvitation = z.infer<typeof ZInvitation>;

export const ZInvitationList = z.object({ invitations: z.array(ZInvitation) });

/** What the join page may show before registration: whom the invitation is for and from. */
export const ZInvitationPreview = z.object({ email: z.string(), accountName: z.string() });
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

export const ZOutboxMessage = z.object({
  id: z.number(),
  to: z.string(),
  /** The invitation link the mail carries, to copy and pass on by hand. */
  link: z.string().nullable(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
});
export const ZOutbox = z.object({ smtpConfigured: z.boolean(), messages: z.array(ZOutboxMessage) });
export type TOutbox = z.infer<typeof ZOutbox>;
