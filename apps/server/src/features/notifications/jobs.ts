import type { TAutomationJob, TEmailRecipients } from "@formloom/core/api/email-notifications";
import type { TElement } from "@formloom/core/element-schema";
import { type AnswerAccess, commonAccess } from "@formloom/core/permissions";
import { evaluate } from "@formloom/core/rules";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/connect.ts";
import {
  automationJobs,
  emailNotifications,
  formAnswers,
  forms,
  groupMembers,
  users,
  webhookDeliveries,
  webhooks,
} from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { answerAccess, assertCanRead, channelAccess, visibleStoredAnswer } from "../../http/policy.ts";
import { claimDue } from "../../jobs/claim-due.ts";
import { type PeriodicWorker, periodicWorker } from "../../jobs/periodic-worker.ts";
import type { OutsideMailLimits } from "../../mail/outside-mail.ts";
import { membersAmong } from "../../mail/outside-mail.ts";
import { answerNumbers } from "../answers/service.ts";
import { fileAddress, fileLinksFor } from "../files/file-links.ts";
import { readForm } from "../forms/presenter.ts";
import { loadForm } from "../forms/service.ts";
import { authorNotice } from "./author-notice.ts";
import { textAuthor } from "./author-text.ts";
import { composeMail } from "./compose.ts";
import {
  addressMails,
  type NotificationMail,
  notificationSender,
  queueNotificationMails,
} from "./queue-mails.ts";
import { NO_RECIPIENTS } from "./service.ts";

const BATCH = 10;
/** 30 s, 1 min, 2 min … (±25 %): the eighth attempt comes about an hour after the first. */
export const MAX_ATTEMPTS = 8;
/** The most addresses one notification sends one submission to. */
const MAX_RECIPIENTS = 500;

interface Claimed {
  account_id: number;
  id: number;
  answer_id: number;
  attempts: number;
}

type AnswerRow = typeof formAnswers.$inferSelect;
type FormRow = typeof forms.$inferSelect;
type NotificationRow = typeof emailNotifications.$inferSelect;

const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** The stored answers by field id. */
function answersOf(answer: AnswerRow): Map<string, unknown> {
  const list = Array.isArray(answer.answers)
    ? (answer.answers as Array<{ fieldId?: unknown; answer?: unknown }>)
    : [];
  return new Map(
    list
      .filter((item) => typeof item.fieldId === "string")
      .map((item) => [item.fieldId as string, item.answer]),
  );
}

/** Every address a notification goes to for this submission: checked, lower-cased, once each. */
async function recipientsOf(
  db: Db,
  notification: NotificationRow,
  form: FormRow,
  fields: readonly TElement[],
  answer: AnswerRow,
  answers: ReadonlyMap<string, unknown>,
): Promise<string[]> {
  const to: TEmailRecipients = {
    ...NO_RECIPIENTS,
    ...(notification.recipients as Partial<TEmailRecipients>),
  };
  const accountId = answer.accountId;
  const addresses: string[] = [];
  const userFilters = [
    ...(to.accountUsers ? [sql`true`] : []),
    ...(to.accountAdmin ? [eq(users.isAccountAdmin, true)] : []),
    ...(to.userIds.length > 0 ? [inArray(users.id, to.userIds)] : []),
    ...(to.formAuthor && form.creatorId !== null ? [eq(users.id, form.creatorId)] : []),
    ...((to.loggedInUser || to.respondent) && answer.userId !== null ? [eq(users.id, answer.userId)] : []),
    ...(to.groupIds.length > 0
      ? [
          inArray(
            users.id,
            db
              .select({ id: groupMembers.userId })
              .from(groupMembers)
              .where(and(eq(groupMembers.accountId, accountId), inArray(groupMembers.groupId, to.groupIds))),
          ),
        ]
      : []),
  ];
  if (userFilters.length > 0) {
    const found = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.accountId, accountId), or(...userFilters)))
      .limit(MAX_RECIPIENTS);
    addresses.push(...found.map((row) => row.email));
  }
  const emailFields = fields.filter((field) => field.fieldType === "email").map((field) => field.id);
  const fieldIds = [...to.emailFieldIds];
  // The respondent without an account here: the first e-mail they gave in the form.
  if (to.respondent && answer.userId === null) {
    const first = emailFields.find((id) => typeof answers.get(id) === "string" && answers.get(id) !== "");
    if (first) fieldIds.push(first);
  }
  for (const id of fieldIds) {
    const value = answers.get(id);
    if (typeof value === "string") addresses.push(value);
  }
  if (to.askRespondent) {
    const asked = (answer.miscData as Record<string, unknown> | null)?.notificationEmail;
    if (typeof asked === "string") addresses.push(asked);
  }
  return [...new Set(addresses.map((address) => address.trim().toLowerCase()))]
    .filter((address) => address.length <= 254 && EMAIL.test(address))
    .slice(0, MAX_RECIPIENTS);
}

/** Each of these members' file links (files/file-links.ts), by user id. */
async function fileLinksOfMembers(
  db: Db,
  accountId: number,
  ids: number[],
  secret: string,
): Promise<Map<number, (url: string) => string>> {
  if (ids.length === 0) return new Map();
  const readers = await db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, ids)));
  return new Map(readers.map((reader) => [reader.id, fileLinksFor(secret, reader)]));
}

/**
 * Runs what stored submissions still have to cause: the form's e-mail notifications, and the
 * webhook and send-e-mail actions of the rules the submission made hold (the
 * rules are run again by core's evaluator on the stored answers, at the submission's time; a
 * disabled rule does nothing). A job is claimed like the other queues' rows (SKIP LOCKED, and
 * claiming moves its next attempt on by the backoff with jitter), so a process that dies leaves it
 * for the next one; the mails and webhook deliveries it queues are written in the transaction
 * that marks it done, so they happen once, and the mail outbox and
 * the webhook worker send them with their own retries.
 */
export function startAutomationWorker(options: {
  db: Db;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Where links in the author's letter point (settings.linkBase). */
  linkBase: string;
  /** What links to submissions' files in the mails are signed with (settings.jwtSecret). */
  fileLinkSecret: string;
  /** How much mail may go to respondents' addresses (OUTSIDE_MAIL_PER_DAY). */
  outsideMail: OutsideMailLimits;
  /** Where the SMS notifications service's texts go (SMS_GATEWAY_URL); null sends none. */
  smsGatewayUrl?: string | null;
}): PeriodicWorker {
  const { db, log } = options;

  const claim = () => claimDue<Claimed>(db, automationJobs, sql`account_id, id, answer_id, attempts`, BATCH);

  /** Marks the job done inside `tx`; false when another process finished it meanwhile. */
  async function finish(tx: Tx, job: Claimed, state: "done" | "failed", error: string | null) {
    const done = await tx
      .update(automationJobs)
      .set({ state, doneAt: new Date(), lastError: error })
      .where(
        and(
          eq(automationJobs.accountId, job.account_id),
          eq(automationJobs.id, job.id),
          eq(automationJobs.state, "queued"),
        ),
      )
      .returning({ id: automationJobs.id });
    return done.length > 0;
  }

  async function run(job: Claimed): Promise<boolean> {
    const [answer] = await db
      .select()
      .from(formAnswers)
      .where(and(eq(formAnswers.accountId, job.account_id), eq(formAnswers.id, job.answer_id)));
    const [form] = answer
      ? await db
          .select()
          .from(forms)
          .where(and(eq(forms.accountId, answer.accountId), eq(forms.id, answer.formId)))
      : [];
    if (!answer || !form) {
      await db.transaction((tx) => finish(tx, job, "failed", "submission deleted"));
      return false;
    }
    const { settings, fields } = readForm(form);
    const answers = answersOf(answer);
    const outcome = evaluate(fields, settings.conditionalRules ?? [], Object.fromEntries(answers), {
      now: answer.submitTime,
      event: "submit",
    });
    // A rule's publishing change was made with the submission itself (answers/answer-writer.ts):
    // made here again, later, it would undo what the author has done with the form since.
    const ruleMails = new Set<number>();
    const ruleHooks = new Set<number>();
    for (const intent of outcome.intents) {
      if (intent.type === "sendEmail" && /^\d{1,9}$/.test(intent.notificationId))
        ruleMails.add(Number(intent.notificationId));
      if (intent.type === "webhook" && /^\d{1,9}$/.test(intent.webhookId))
        ruleHooks.add(Number(intent.webhookId));
    }
    const notifications = (
      await db
        .select()
        .from(emailNotifications)
        .where(
          and(
            eq(emailNotifications.accountId, answer.accountId),
            eq(emailNotifications.formId, answer.formId),
            eq(emailNotifications.enabled, true),
          ),
        )
    ).filter((n) => n.event === "form_submitted" || (n.event === "rules_action" && ruleMails.has(n.id)));
    const mails: NotificationMail[] = [];
    for (const notification of notifications) {
      // The mail carries what the notification's maker (or last changer) may read of the form now;
      // one whose maker may read nothing of it is not sent. A member of the account it goes to is
      // sent no more than they may read themselves (nothing, when that is nothing); the respondent,
      // and an address a respondent typed, what the maker may.
      const access = await channelAccess(db, answer.accountId, notification.configuredBy, form);
      if (access.level === "none") continue;
      const addresses = await recipientsOf(db, notification, form, fields, answer, answers);
      const sender = await notificationSender(db, answer.accountId, notification.configuredBy);
      const members = await membersAmong(db, answer.accountId, addresses);
      // The signed-in respondent, addressed as such, is sent their own submission.
      const to = notification.recipients as Partial<TEmailRecipients>;
      const respondent = to.loggedInUser || to.respondent ? answer.userId : null;
      // Outside addresses reading the same share one message; each member of the account gets
      // their own, its files linked for them (opened without a sign-in while they may read them).
      const byReader = new Map<
        string,
        { access: AnswerAccess; member: number | undefined; addresses: string[] }
      >();
      for (const address of addresses) {
        const found = members.get(address);
        const member = found === respondent ? undefined : found;
        const reader =
          member === undefined
            ? access
            : commonAccess(access, await channelAccess(db, answer.accountId, member, form));
        if (reader.level === "none") continue;
        const key =
          member !== undefined
            ? `member:${member}`
            : reader.level === "fields"
              ? `fields:${JSON.stringify([...reader.fieldIds].sort())}`
              : reader.level;
        const same = byReader.get(key) ?? { access: reader, member, addresses: [] };
        same.addresses.push(address);
        byReader.set(key, same);
      }
      const readerLinks = await fileLinksOfMembers(
        db,
        answer.accountId,
        [...byReader.values()].flatMap((reader) => (reader.member === undefined ? [] : [reader.member])),
        options.fileLinkSecret,
      );
      for (const { access: reader, member, addresses: readers } of byReader.values()) {
        const shown = visibleStoredAnswer(answer, reader);
        const sign = member === undefined ? undefined : readerLinks.get(member);
        const composed = composeMail(notification, {
          formTitle: form.title,
          answerNumber: answer.number,
          answerId: answer.id,
          submitTime: answer.submitTime,
          score: shown.score,
          fields,
          answers: answersOf(shown),
          fileHref: sign && ((url) => fileAddress(url, options.linkBase, sign)),
        });
        mails.push(
          ...addressMails(sender, { ...composed, fromName: notification.fromName }, readers, members),
        );
      }
    }
    const toAuthor = await authorNotice(db, {
      form,
      settings,
      fields,
      answer,
      linkBase: options.linkBase,
      fileLinkSecret: options.fileLinkSecret,
    });
    if (toAuthor) mails.push({ ...toAuthor, html: "", fromName: "", sender: null });
    try {
      await textAuthor(db, options.smsGatewayUrl ?? null, {
        form,
        settings,
        answer,
        linkBase: options.linkBase,
      });
    } catch (error) {
      // A text is not worth holding the letters and webhooks back for: logged, not retried.
      log.warn(
        { jobId: job.id, answerId: answer.id },
        `author's text not sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // A rule's webhook action calls the form's webhooks meant for rules; one called on every
    // submission already has its delivery.
    const hooks =
      ruleHooks.size > 0
        ? await db
            .select({ id: webhooks.id })
            .from(webhooks)
            .where(
              and(
                eq(webhooks.accountId, answer.accountId),
                eq(webhooks.formId, answer.formId),
                inArray(webhooks.id, [...ruleHooks]),
                eq(webhooks.enabled, true),
                eq(webhooks.condition, "rules_action"),
              ),
            )
        : [];
    return db.transaction(async (tx) => {
      if (!(await finish(tx, job, "done", null))) return false;
      const refusal = await queueNotificationMails(tx, answer.accountId, mails, options.outsideMail);
      // The job is done, and says why some of its mail was not sent.
      if (refusal) {
        await tx
          .update(automationJobs)
          .set({ lastError: refusal })
          .where(and(eq(automationJobs.accountId, job.account_id), eq(automationJobs.id, job.id)));
      }
      if (hooks.length > 0) {
        await tx.insert(webhookDeliveries).values(
          hooks.map((hook) => ({
            accountId: answer.accountId,
            webhookId: hook.id,
            formId: answer.formId,
            answerId: answer.id,
            eventId: `msg_${crypto.randomUUID().replaceAll("-", "")}`,
          })),
        );
      }
      return true;
    });
  }

  async function runDue(): Promise<number> {
    let done = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      for (const job of batch) {
        try {
          if (await run(job)) done++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log.warn({ jobId: job.id, attempt: job.attempts }, `automation job failed: ${message}`);
          await db
            .update(automationJobs)
            .set({
              lastError: message.slice(0, 1000),
              ...(job.attempts >= MAX_ATTEMPTS ? { state: "failed" } : {}),
            })
            .where(and(eq(automationJobs.accountId, job.account_id), eq(automationJobs.id, job.id)));
        }
      }
    }
    return done;
  }

  return periodicWorker(runDue, { intervalMs: options.intervalMs, log, failure: "automation worker failed" });
}

/** A form's latest automation jobs with their attempts, for the notifications page. */
export async function listAutomationJobs(ctx: TenantContext, formId: number): Promise<TAutomationJob[]> {
  // The jobs name submissions and their times: they are for readers of the form's answers.
  assertCanRead(await answerAccess(ctx, await loadForm(ctx, formId)));
  const rows = await ctx.db
    .select()
    .from(automationJobs)
    .where(and(eq(automationJobs.accountId, ctx.accountId), eq(automationJobs.formId, formId)))
    .orderBy(desc(automationJobs.id))
    .limit(100);
  const numbers = await answerNumbers(
    ctx,
    rows.map((row) => row.answerId),
  );
  return rows.map((row) => ({
    id: row.id,
    answerId: row.answerId,
    answerNumber: numbers.get(row.answerId) ?? null,
    state: row.state as TAutomationJob["state"],
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.state === "queued" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    doneAt: row.doneAt?.toISOString() ?? null,
  }));
}
