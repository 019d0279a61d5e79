import { isDeepStrictEqual } from "node:util";
import type {
  TEmailNotification,
  TEmailNotificationCreateBody,
  TEmailNotificationPatchBody,
  TEmailRecipients,
} from "@formloom/core/api/email-notifications";
import { and, asc, eq, inArray } from "drizzle-orm";
import { emailNotifications, forms, groups, users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { invalidField, notFound } from "../../http/errors.ts";
import { authorizeChannelChange } from "../../http/policy.ts";
import { assertMayMailOutside } from "../../mail/outside-mail.ts";
import { readFields } from "../forms/presenter.ts";
import { loadForm } from "../forms/service.ts";

type NotificationRow = typeof emailNotifications.$inferSelect;

export const NO_RECIPIENTS: TEmailRecipients = {
  accountUsers: false,
  groupIds: [],
  userIds: [],
  respondent: false,
  emailFieldIds: [],
  loggedInUser: false,
  accountAdmin: false,
  formAuthor: false,
  askRespondent: false,
};

/** Recipients whose addresses respondents type, so people outside the account. */
const reachesOutside = (to: TEmailRecipients) =>
  to.respondent || to.askRespondent || to.emailFieldIds.length > 0;

function present(row: NotificationRow, formTitle: string): TEmailNotification {
  return {
    id: row.id,
    formId: row.formId,
    formTitle,
    adminName: row.adminName,
    from: row.fromName,
    to: { ...NO_RECIPIENTS, ...(row.recipients as Partial<TEmailRecipients>) },
    subject: row.subject,
    message: row.message,
    event: row.event as TEmailNotification["event"],
    enabled: row.enabled,
    creationDate: row.createdAt.toISOString(),
  };
}

/** Every id must name a group or a user of this account; otherwise the recipients' field is refused. */
async function checkAccountRows(
  ctx: TenantContext,
  table: typeof groups | typeof users,
  ids: number[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const found = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.accountId, ctx.accountId), inArray(table.id, ids)));
  if (found.length !== new Set(ids).size) throw invalidField("email_notification.recipient.unknown", field);
}

/** Groups, users and e-mail fields must be this account's and this form's. */
async function checkRecipients(
  ctx: TenantContext,
  form: typeof forms.$inferSelect,
  to: TEmailRecipients,
): Promise<void> {
  await checkAccountRows(ctx, groups, to.groupIds, "to.groupIds");
  await checkAccountRows(ctx, users, to.userIds, "to.userIds");
  if (to.emailFieldIds.length > 0) {
    const emailFields = new Set(
      readFields(form)
        .filter((field) => field.fieldType === "email")
        .map((field) => field.id),
    );
    if (to.emailFieldIds.some((id) => !emailFields.has(id)))
      throw invalidField("email_notification.field.unknown", "to.emailFieldIds");
  }
}

/** The columns a notification's body sets, by the API's names for them. */
const columnsOf = <Body extends TEmailNotificationPatchBody>(
  body: Body,
): {
  adminName: Body["adminName"];
  fromName: Body["from"];
  recipients: Body["to"];
  subject: Body["subject"];
  message: Body["message"];
  event: Body["event"];
  enabled: Body["enabled"];
} => ({
  adminName: body.adminName,
  fromName: body.from,
  recipients: body.to,
  subject: body.subject,
  message: body.message,
  event: body.event,
  enabled: body.enabled,
});

/** One notification of this account's form. */
const ofNotification = (ctx: TenantContext, formId: number, notificationId: number) =>
  and(
    eq(emailNotifications.accountId, ctx.accountId),
    eq(emailNotifications.formId, formId),
    eq(emailNotifications.id, notificationId),
  );

async function loadNotification(ctx: TenantContext, formId: number, notificationId: number) {
  const [row] = await ctx.db
    .select()
    .from(emailNotifications)
    .where(ofNotification(ctx, formId, notificationId));
  if (!row) throw notFound("email_notification.not_found");
  return row;
}

/** A form's notifications, or (without a form) every notification of the account. */
export async function listNotifications(ctx: TenantContext, formId?: number): Promise<TEmailNotification[]> {
  if (formId !== undefined) await loadForm(ctx, formId);
  const rows = await ctx.db
    .select({ row: emailNotifications, formTitle: forms.title })
    .from(emailNotifications)
    .innerJoin(
      forms,
      and(eq(forms.accountId, emailNotifications.accountId), eq(forms.id, emailNotifications.formId)),
    )
    .where(
      formId === undefined
        ? eq(emailNotifications.accountId, ctx.accountId)
        : and(eq(emailNotifications.accountId, ctx.accountId), eq(emailNotifications.formId, formId)),
    )
    .orderBy(asc(emailNotifications.formId), asc(emailNotifications.id));
  return rows.map(({ row, formTitle }) => present(row, formTitle));
}

export async function getNotification(ctx: TenantContext, formId: number, notificationId: number) {
  const form = await loadForm(ctx, formId);
  return present(await loadNotification(ctx, formId, notificationId), form.title);
}

export async function createNotification(
  ctx: TenantContext,
  formId: number,
  body: TEmailNotificationCreateBody,
): Promise<TEmailNotification> {
  const form = await loadForm(ctx, formId);
  await checkRecipients(ctx, form, body.to);
  if (reachesOutside(body.to)) assertMayMailOutside(ctx.user);
  const [row] = await ctx.db
    .insert(emailNotifications)
    .values({
      accountId: ctx.accountId,
      formId,
      ...columnsOf(body),
      configuredBy: ctx.user.id,
    })
    .returning();
  return present(row!, form.title);
}

export async function updateNotification(
  ctx: TenantContext,
  formId: number,
  notificationId: number,
  body: TEmailNotificationPatchBody,
): Promise<TEmailNotification> {
  const form = await loadForm(ctx, formId);
  const current = await loadNotification(ctx, formId, notificationId);
  const changed = <T>(next: T | undefined, now: T) => next !== undefined && !isDeepStrictEqual(next, now);
  // New recipients make the notification its changer's: it then carries what they may read.
  const moved =
    body.to !== undefined &&
    !isDeepStrictEqual(
      { ...NO_RECIPIENTS, ...body.to },
      { ...NO_RECIPIENTS, ...(current.recipients as Partial<TEmailRecipients>) },
    );
  // Those, what and when it sends (the sender's name its readers trust it by too), and turning it
  // on all hand its answers on: only a reader of all it sends may. Its name or turning it off hand
  // nothing on.
  const handsOn =
    moved ||
    changed(body.subject, current.subject) ||
    changed(body.message, current.message) ||
    changed(body.from, current.fromName) ||
    changed(body.event, current.event) ||
    (body.enabled === true && !current.enabled);
  if (handsOn) await authorizeChannelChange(ctx, form, current.configuredBy);
  if (body.to) await checkRecipients(ctx, form, body.to);
  // Handing answers on to addresses outside the account takes a confirmed e-mail, as inviting does.
  const recipients = body.to ?? (current.recipients as Partial<TEmailRecipients>);
  if (handsOn && reachesOutside({ ...NO_RECIPIENTS, ...recipients })) assertMayMailOutside(ctx.user);
  // Only the columns the body names change.
  const changes: Partial<typeof emailNotifications.$inferInsert> = {
    ...Object.fromEntries(Object.entries(columnsOf(body)).filter(([, value]) => value !== undefined)),
    ...(moved ? { configuredBy: ctx.user.id } : {}),
  };
  if (Object.keys(changes).length === 0) return present(current, form.title);
  const [row] = await ctx.db
    .update(emailNotifications)
    .set(changes)
    .where(ofNotification(ctx, formId, notificationId))
    .returning();
  if (!row) throw notFound("email_notification.not_found");
  return present(row, form.title);
}

export async function deleteNotification(ctx: TenantContext, formId: number, notificationId: number) {
  const gone = await ctx.db
    .delete(emailNotifications)
    .where(ofNotification(ctx, formId, notificationId))
    .returning({ id: emailNotifications.id });
  if (gone.length === 0) throw notFound("email_notification.not_found");
}
