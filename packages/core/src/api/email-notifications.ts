import { z } from "zod";
import { ZRowId, ZRowIdInBody } from "./ids.ts";

/** platform.md §3 "E-mail notification": when it is sent. */
export const EMAIL_NOTIFICATION_EVENTS = ["form_submitted", "rules_action"] as const;
export type EmailNotificationEvent = (typeof EMAIL_NOTIFICATION_EVENTS)[number];

/**
 * Who receives it, every kind of platform.md §3 at once: the account's users, groups, chosen
 * users, the respondent (the signed-in respondent, else the form's first e-mail answer), chosen
 * e-mail fields, the signed-in user who submitted, the account's admins, the form's author, and
 * the address the respondent was asked for (the submission's `miscData.notificationEmail`).
 */
export const ZEmailRecipients = z
  .object({
    accountUsers: z.boolean().default(false),
    groupIds: z.array(ZRowIdInBody).max(100).default([]),
    userIds: z.array(ZRowIdInBody).max(500).default([]),
    respondent: z.boolean().default(false),
    emailFieldIds: z.array(z.string().min(1).max(64)).max(50).default([]),
    loggedInUser: z.boolean().default(false),
    accountAdmin: z.boolean().default(false),
    formAuthor: z.boolean().default(false),
    askRespondent: z.boolean().default(false),
  })
  .refine(
    (to) =>
      to.accountUsers ||
      to.groupIds.length > 0 ||
      to.userIds.length > 0 ||
      to.respondent ||
      to.emailFieldIds.length > 0 ||
      to.loggedInUser ||
      to.accountAdmin ||
      to.formAuthor ||
      to.askRespondent,
    // platform.md §5: sending e-mail notifications needs at least one selected.
    { message: "email_notification.recipients.empty" },
  );
export type TEmailRecipients = z.infer<typeof ZEmailRecipients>;

const ZAdminName = z.string().trim().min(1, "email_notification.admin_name.empty").max(200);
/** The sender's name the message shows; the address is the server's MAIL_FROM. */
const ZFrom = z
  .string()
  .trim()
  .max(200)
  .regex(/^[^\r\n<>"]*$/);
const ZSubject = z
  .string()
  .trim()
  .min(1, "email_notification.subject.empty")
  .max(500)
  .regex(/^[^\r\n]*$/);
/** HTML (sanitised when sent) with placeholders such as [form_title] and [answer:fieldId]. */
const ZMessage = z.string().trim().min(1, "email_notification.message.empty").max(50_000);

export const ZEmailNotificationCreateBody = z.object({
  adminName: ZAdminName,
  from: ZFrom.default(""),
  to: ZEmailRecipients,
  subject: ZSubject,
  message: ZMessage,
  event: z.enum(EMAIL_NOTIFICATION_EVENTS).default("form_submitted"),
  enabled: z.boolean().default(true),
});
export type TEmailNotificationCreateBody = z.infer<typeof ZEmailNotificationCreateBody>;

export const ZEmailNotificationPatchBody = z.object({
  adminName: ZAdminName.optional(),
  from: ZFrom.optional(),
  to: ZEmailRecipients.optional(),
  subject: ZSubject.optional(),
  message: ZMessage.optional(),
  event: z.enum(EMAIL_NOTIFICATION_EVENTS).optional(),
  enabled: z.boolean().optional(),
});
export type TEmailNotificationPatchBody = z.infer<typeof ZEmailNotificationPatchBody>;

export const ZEmailNotification = z.object({
  id: z.number(),
  formId: z.number(),
  formTitle: z.string(),
  adminName: z.string(),
  from: z.string(),
  to: z.object({
    accountUsers: z.boolean(),
    groupIds: z.array(z.number()),
    userIds: z.array(z.number()),
    respondent: z.boolean(),
    emailFieldIds: z.array(z.string()),
    loggedInUser: z.boolean(),
    accountAdmin: z.boolean(),
    formAuthor: z.boolean(),
    askRespondent: z.boolean(),
  }),
  subject: z.string(),
  message: z.string(),
  event: z.enum(EMAIL_NOTIFICATION_EVENTS),
  enabled: z.boolean(),
  creationDate: z.string(),
});
export type TEmailNotification = z.infer<typeof ZEmailNotification>;

export const ZEmailNotificationList = z.object({ notifications: z.array(ZEmailNotification) });

export const ZFormEmailNotificationsParams = z.object({ id: ZRowId });
export const ZEmailNotificationParams = z.object({ id: ZRowId, notificationId: ZRowId });

/** The placeholders a subject or message may hold besides [answer:<field id>]. */
export const EMAIL_PLACEHOLDERS = ["form_title", "answer_id", "submit_time", "score", "all_answers"] as const;

/** One submission's automation job (its notifications and rule actions), with its attempts. */
export const ZAutomationJob = z.object({
  id: z.number(),
  answerId: z.number(),
  /** The submission's number within its form, as the results table shows it; null once deleted. */
  answerNumber: z.number().nullable(),
  state: z.enum(["queued", "done", "failed"]),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type TAutomationJob = z.infer<typeof ZAutomationJob>;
export const ZAutomationJobList = z.object({ jobs: z.array(ZAutomationJob) });
