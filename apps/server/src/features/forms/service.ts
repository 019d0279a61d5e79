import { isDeepStrictEqual } from "node:util";
import type { TFormCreateBody, TFormPatchBody } from "@formloom/core/api/forms";
import { ZFormCreateBody, ZFormPatchInput } from "@formloom/core/api/forms";
import { boundsIssues, type TElement } from "@formloom/core/element-schema";
import { type MessageCode, type ValidationError, validationError } from "@formloom/core/errors";
import { keepRemovedOptions } from "@formloom/core/field-types/choice";
import { MODEL_VERSION } from "@formloom/core/form-document";
import type { TRule } from "@formloom/core/rule-schema";
import { validateRules } from "@formloom/core/rules";
import { and, desc, eq, sql } from "drizzle-orm";
import { isForeignKeyViolation } from "../../db/errors.ts";
import { accounts, emailNotifications, formAnswers, forms, users, webhooks } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { badRequest, conflict, isMessageCode, notFound } from "../../http/errors.ts";
import {
  answerAccess,
  answerAccessByForm,
  authorizeFormulaChange,
  authorizeRuleChange,
  formRights,
} from "../../http/policy.ts";
import { isInChain } from "../form-chains/service.ts";
import { indexedTextsChanged, reindexAnswers } from "../search/answer-index.ts";
import { writeWithAlias } from "./alias.ts";
import {
  type AnswerStats,
  presentForm,
  presentListItem,
  readFields,
  readRemovedFields,
  readSettings,
  removedSince,
} from "./presenter.ts";
import { closedReason } from "./public.ts";

/** Loads a form of the caller's account; another account's form is simply not found. */
export async function loadForm(ctx: TenantContext, formId: number) {
  const [row] = await ctx.db
    .select()
    .from(forms)
    .where(and(eq(forms.accountId, ctx.accountId), eq(forms.id, formId)));
  if (!row) throw notFound("form.not_found");
  return row;
}

async function present(ctx: TenantContext, row: typeof forms.$inferSelect) {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, ctx.accountId));
  const [creator] = row.creatorId
    ? await ctx.db
        .select({ id: users.id, username: users.username, email: users.email })
        .from(users)
        .where(eq(users.id, row.creatorId))
    : [];
  // When the last answer came is the answers' data: read only for a caller who may read them.
  const readsAnswers = (await answerAccess(ctx, row)).level !== "none";
  const [answered] = readsAnswers
    ? await ctx.db
        .select({ at: lastAnsweredAt(ctx.accountId) })
        .from(forms)
        .where(and(eq(forms.accountId, ctx.accountId), eq(forms.id, row.id)))
    : [];
  return {
    form: {
      ...presentForm(row, account!, creator ?? null, answered?.at ?? null),
      closed: row.isPublished ? await closedReason(ctx.db, row, readSettings(row)) : null,
    },
    fields: readFields(row),
    removedFields: readRemovedFields(row),
    rights: await formRights(ctx),
  };
}

export async function getForm(ctx: TenantContext, formId: number) {
  return present(ctx, await loadForm(ctx, formId));
}

/**
 * Rules must name fields the form has, and must not keep changing each other's values. A condition
 * on what takes no answer is refused in a rule added or changed only: a form stored with one
 * before it was refused stays savable.
 */
function assertRulesValid(fields: TElement[], rules: TRule[], stored: readonly TRule[] = []) {
  const kept = (ruleId: string) => {
    const rule = rules.find((each) => each.id === ruleId);
    return stored.some((before) => before.id === ruleId && isDeepStrictEqual(before, rule));
  };
  const issues = validateRules(fields, rules).filter(
    (issue) => issue.code !== "form_rule.field.no_answer" || !kept(issue.ruleId),
  );
  if (issues.length > 0) {
    throw badRequest(
      issues[0]!.code,
      issues.map((issue) => ({
        field: `conditionalRules.${issue.ruleId}`,
        code: issue.code,
        message: issue.message,
      })),
    );
  }
}

/**
 * A rule's webhook and send-e-mail actions must name the form's own webhooks and notifications:
 * any other would never fire, and the author would not learn why.
 */
async function assertRuleActionsExist(
  ctx: TenantContext,
  formId: number,
  rules: TRule[],
  stored: readonly TRule[],
) {
  const actionsOf = (list: readonly TRule[]) =>
    list.flatMap((rule) =>
      [...rule.then, ...rule.else].flatMap(
        (action): Array<{ ruleId: string; kind: "webhook" | "mail"; id: string }> =>
          action.type === "webhook"
            ? [{ ruleId: rule.id, kind: "webhook", id: action.webhookId }]
            : action.type === "sendEmail"
              ? [{ ruleId: rule.id, kind: "mail", id: action.notificationId }]
              : [],
      ),
    );
  // One the form had before (its webhook deleted since) is the author's to mend, not a reason to
  // refuse every later save of the builder, which sends the rules with each.
  const before = new Set(actionsOf(stored).map((action) => JSON.stringify(action)));
  const named = actionsOf(rules).filter((action) => !before.has(JSON.stringify(action)));
  if (named.length === 0) return;
  const [hooks, mails] = await Promise.all([
    ctx.db
      .select({ id: webhooks.id })
      .from(webhooks)
      .where(and(eq(webhooks.accountId, ctx.accountId), eq(webhooks.formId, formId))),
    ctx.db
      .select({ id: emailNotifications.id })
      .from(emailNotifications)
      .where(and(eq(emailNotifications.accountId, ctx.accountId), eq(emailNotifications.formId, formId))),
  ]);
  const known = {
    webhook: new Set(hooks.map((row) => String(row.id))),
    mail: new Set(mails.map((row) => String(row.id))),
  };
  const dead = named.filter((action) => !known[action.kind].has(action.id));
  if (dead.length > 0)
    throw badRequest(
      "form_rule.action.unknown",
      dead.map((action) => validationError(`conditionalRules.${action.ruleId}`, "form_rule.action.unknown")),
    );
}

/** Every element's bounds can be met by some answer (core's boundsIssues), else 400 with each. */
function assertBoundsMet(fields: readonly TElement[]) {
  const errors = fields.flatMap((field, index) =>
    boundsIssues(field).map((issue) =>
      validationError(`fields.${index}.${issue.path.join(".")}`, issue.message as MessageCode),
    ),
  );
  if (errors.length > 0) throw badRequest(errors[0]!.code, errors);
}

/**
 * A new form's settings and fields held to the checks a save makes (core's ZFormCreateBody: its
 * links, custom CSS, theme and each element's own styling), however the form arrives: sent by the
 * builder, imported from a file, copied or made from a template. Refused with the field errors a
 * save answers, before anything is written.
 */
export function checkedNewForm(input: TFormCreateBody) {
  const parsed = ZFormCreateBody.safeParse(input);
  if (parsed.success) {
    assertBoundsMet(parsed.data.fields);
    return parsed.data;
  }
  const errors: ValidationError[] = parsed.error.issues.map((issue) =>
    validationError(issue.path.join("."), isMessageCode(issue.message) ? issue.message : "request.invalid"),
  );
  throw badRequest(
    errors.find((error) => error.code !== "request.invalid")?.code ?? "request.invalid",
    errors,
  );
}

export async function createForm(ctx: TenantContext, input: TFormCreateBody) {
  const { fields: given, ...settings } = checkedNewForm(input);
  // A new form (a copy, an import, a template) has removed no option yet.
  const fields = keepRemovedOptions([], given);
  assertRulesValid(fields, settings.conditionalRules);
  const row = await writeWithAlias(
    ctx.db,
    ctx.accountId,
    settings.formPathAlias,
    settings.title,
    undefined,
    async (alias) => {
      const [inserted] = await ctx.db
        .insert(forms)
        .values({
          accountId: ctx.accountId,
          creatorId: ctx.user.id,
          title: settings.title,
          alias,
          isPublished: settings.isPublished,
          settings: { ...settings, formPathAlias: alias },
          fields,
          modelVersion: MODEL_VERSION,
        })
        .returning();
      return inserted!;
    },
  );
  return present(ctx, row);
}

/**
 * Saves a change to a form. With `expectedChange` (the lastChangeDate the caller read) the save
 * is refused with 409 form.changed when the form was saved since, so one save never silently
 * undoes another.
 */
export async function updateForm(
  ctx: TenantContext,
  formId: number,
  input: TFormPatchBody,
  expectedChange?: string,
) {
  const current = await loadForm(ctx, formId);
  const expected = expectedChange === undefined ? undefined : new Date(expectedChange);
  if (expected && current.updatedAt.getTime() !== expected.getTime()) throw conflict("form.changed");
  const { fields, ...patch } = ZFormPatchInput.parse(input);
  if (fields) {
    assertBoundsMet(fields);
    await authorizeFormulaChange(ctx, current, readFields(current), fields);
  }
  const settings = { ...readSettings(current), ...patch };
  assertRulesValid(
    fields ?? readFields(current),
    settings.conditionalRules,
    readSettings(current).conditionalRules ?? [],
  );
  if (patch.conditionalRules !== undefined) {
    const stored = readSettings(current).conditionalRules ?? [];
    await authorizeRuleChange(ctx, current, settings.conditionalRules, stored);
    await assertRuleActionsExist(ctx, formId, settings.conditionalRules, stored);
  }
  const aliasChanged = patch.formPathAlias !== undefined && patch.formPathAlias !== current.alias;
  const write = async (alias: string) => {
    const [row] = await ctx.db
      .update(forms)
      .set({
        title: settings.title,
        alias,
        isPublished: settings.isPublished,
        settings: { ...settings, formPathAlias: alias },
        // Written whole, so a row from an older model version is stored at the current one.
        fields: fields ? keepRemovedOptions(readFields(current), fields) : readFields(current),
        ...(fields && {
          removedFields: removedSince(readFields(current), fields, readRemovedFields(current)),
        }),
        modelVersion: MODEL_VERSION,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(forms.accountId, ctx.accountId),
          eq(forms.id, formId),
          // Checked again in the write itself: another save may have landed since the read.
          expected
            ? sql`date_trunc('milliseconds', ${forms.updatedAt}) = ${expected.toISOString()}::timestamptz`
            : undefined,
        ),
      )
      .returning();
    if (!row) throw conflict("form.changed");
    return row;
  };
  const row = aliasChanged
    ? await writeWithAlias(ctx.db, ctx.accountId, settings.formPathAlias, settings.title, formId, write)
    : await write(current.alias);
  if (
    indexedTextsChanged(
      { fields: readFields(current), language: readSettings(current).language },
      { fields: readFields(row), language: settings.language },
    )
  )
    await reindexAnswers(ctx.db, ctx.accountId, formId);
  return present(ctx, row);
}

export async function deleteForm(ctx: TenantContext, formId: number) {
  await loadForm(ctx, formId);
  if (await isInChain(ctx, formId)) throw conflict("form.has.chain_elements");
  const [answer] = await ctx.db
    .select({ id: formAnswers.id })
    .from(formAnswers)
    .where(and(eq(formAnswers.accountId, ctx.accountId), eq(formAnswers.formId, formId)))
    .limit(1);
  if (answer) throw conflict("form.has_answers");
  try {
    await ctx.db.delete(forms).where(and(eq(forms.accountId, ctx.accountId), eq(forms.id, formId)));
  } catch (error) {
    // A submission or a chain item arrived between the checks and the delete.
    if (isForeignKeyViolation(error))
      throw conflict((await isInChain(ctx, formId)) ? "form.has.chain_elements" : "form.has_answers");
    throw error;
  }
}

/**
 * A copy titled "<title> (copy)" whose alias is made anew from that title. It starts unpublished:
 * a draft to change, not a second live form collecting answers the moment it exists. Made by
 * createForm, so a form stored before a check existed is refused as its save would be.
 */
export async function cloneForm(ctx: TenantContext, formId: number) {
  const source = await loadForm(ctx, formId);
  const settings = readSettings(source);
  return createForm(ctx, {
    ...settings,
    title: `${settings.title} (copy)`,
    isPublished: false,
    formPathAlias: "",
    fields: readFields(source),
  });
}

// Written out in full: inside the subquery an unqualified "id" would name the answer's own id.
// "Last answered" is read from the answers (an index scan), so a submission never has to
// update the form's row: submissions to one form would otherwise queue on that row's lock.
const lastAnsweredAt = (accountId: number) =>
  sql<Date | null>`(select max(a.submit_time) from form_answers a
    where a.account_id = ${accountId} and a.form_id = "forms"."id")`.mapWith(formAnswers.submitTime);

const answerStats = (accountId: number) => ({
  lastAnsweredAt: lastAnsweredAt(accountId),
  // Kept by triggers on the answers (form_answer_counts): the 20-second unread poll reads one row per form.
  answerCount: sql<number>`coalesce((select c.total from form_answer_counts c
    where c.account_id = ${accountId} and c.form_id = "forms"."id"), 0)`.mapWith(Number),
  newAnswerCount: sql<number>`coalesce((select c.unread from form_answer_counts c
    where c.account_id = ${accountId} and c.form_id = "forms"."id"), 0)`.mapWith(Number),
});

function formsWithCounts(ctx: TenantContext) {
  return ctx.db
    .select({ form: forms, ...answerStats(ctx.accountId) })
    .from(forms)
    .where(eq(forms.accountId, ctx.accountId))
    .orderBy(desc(forms.id));
}

/** How many answers a form has, and when the last came, are its answers' data too. */
const WITHHELD: AnswerStats = { answerCount: null, newAnswerCount: null, lastAnsweredAt: null };

export async function listForms(ctx: TenantContext) {
  const rows = await formsWithCounts(ctx);
  const access = await answerAccessByForm(
    ctx,
    rows.map((row) => row.form),
  );
  return rows.map((row) =>
    presentListItem(row.form, access.get(row.form.id)?.level === "none" ? WITHHELD : row, row.answerCount),
  );
}

/** Unread submissions across the forms whose answers the caller may read (most recent first). */
export async function newAnswerCount(ctx: TenantContext) {
  const withNew = (await formsWithCounts(ctx)).filter((row) => row.newAnswerCount > 0);
  const access = await answerAccessByForm(
    ctx,
    withNew.map((row) => row.form),
  );
  const forms = withNew
    .filter((row) => access.get(row.form.id)?.level !== "none")
    .map((row) => ({
      formId: row.form.id,
      title: row.form.title,
      answerCount: row.answerCount,
      newAnswerCount: row.newAnswerCount,
      lastAnsweredDate: row.lastAnsweredAt?.toISOString() ?? null,
    }))
    .sort((a, b) => (b.lastAnsweredDate ?? "").localeCompare(a.lastAnsweredDate ?? ""));
  return { count: forms.reduce((sum, form) => sum + form.newAnswerCount, 0), forms };
}

export async function formSummary(ctx: TenantContext, formId: number) {
  const [row] = await ctx.db
    .select({ form: forms, ...answerStats(ctx.accountId) })
    .from(forms)
    .where(and(eq(forms.accountId, ctx.accountId), eq(forms.id, formId)));
  if (!row) throw notFound("form.not_found");
  const stats = (await answerAccess(ctx, row.form)).level === "none" ? WITHHELD : row;
  return {
    formId: row.form.id,
    title: row.form.title,
    answerCount: stats.answerCount,
    newAnswerCount: stats.newAnswerCount,
    lastAnsweredDate: stats.lastAnsweredAt?.toISOString() ?? null,
  };
}
