import { isDeepStrictEqual } from "node:util";
import type { TAnswerView } from "@formloom/core/api/answers";
import type { TFormRights } from "@formloom/core/api/forms";
import type { TElement } from "@formloom/core/element-schema";
import { validationError } from "@formloom/core/errors";
import {
  ADMIN_ONLY_PERMISSIONS,
  type AnswerAccess,
  combineAccess,
  type DataAccessLevel,
  GRANTABLE_PERMISSIONS,
  MEMBER_PERMISSIONS,
  type Permission,
} from "@formloom/core/permissions";
import type { TRule } from "@formloom/core/rule-schema";
import { fieldsReadBy } from "@formloom/core/rules";
import { formulaReachBeyond, formulaReadingOf, formulaSourcesBeyond } from "@formloom/core/scoring";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { formGroupAccess, forms, groupMembers, groupPermissions, users } from "../db/schema.ts";
import type { TenantContext, UserContext } from "./context.ts";
import { AppError, forbidden } from "./errors.ts";

/**
 * The one place that decides who may do what. Account admins may do everything; a member may
 * do what any of their groups grants. Actions that change rights are admin-only, and an
 * external app's token never manages tokens, so a leaked token cannot mint more.
 */
const granted = new WeakMap<TenantContext, Promise<ReadonlySet<string>>>();

function memberPermissions(ctx: TenantContext): Promise<ReadonlySet<string>> {
  let cached = granted.get(ctx);
  if (!cached) {
    cached = ctx.db
      .selectDistinct({ permission: groupPermissions.permission })
      .from(groupPermissions)
      .innerJoin(
        groupMembers,
        and(
          eq(groupMembers.accountId, groupPermissions.accountId),
          eq(groupMembers.groupId, groupPermissions.groupId),
        ),
      )
      .where(and(eq(groupPermissions.accountId, ctx.accountId), eq(groupMembers.userId, ctx.user.id)))
      .then((rows) => new Set(rows.map((row) => row.permission)));
    granted.set(ctx, cached);
  }
  return cached;
}

export async function can(ctx: TenantContext, permission: Permission): Promise<boolean> {
  if (permission === "external_apps.manage" && ctx.via === "external_app") return false;
  if ((MEMBER_PERMISSIONS as readonly string[]).includes(permission)) return true;
  if (ctx.user.isAccountAdmin) return true;
  if ((ADMIN_ONLY_PERMISSIONS as readonly string[]).includes(permission)) return false;
  return (await memberPermissions(ctx)).has(permission);
}

/** Everything the user may do in their account, for the client to show only what works. */
export async function permissionsOf(ctx: UserContext): Promise<Permission[]> {
  const accountId = ctx.user.accountId;
  if (!accountId) return [];
  const tenant: TenantContext = { ...ctx, accountId };
  const all: Permission[] = [...MEMBER_PERMISSIONS, ...GRANTABLE_PERMISSIONS, ...ADMIN_ONLY_PERMISSIONS];
  const allowed = await Promise.all(all.map((permission) => can(tenant, permission)));
  return all.filter((_, index) => allowed[index]);
}

/** What the caller may do with a form of their account, for the builder to offer only that. */
export async function formRights(ctx: TenantContext): Promise<TFormRights> {
  const [edit, remove, clone] = await Promise.all([
    can(ctx, "forms.edit"),
    can(ctx, "forms.delete"),
    can(ctx, "forms.create"),
  ]);
  return { edit, delete: remove, clone };
}

/**
 * The spec's named roles a user holds in their account: "admin" (account admin) or "user"
 * (member), and "form_author" once they have made a form there. None without an account.
 */
export async function rolesOf(
  db: Db,
  user: { id: number; accountId: number | null; isAccountAdmin: boolean },
) {
  if (!user.accountId) return [];
  const [authored] = await db
    .select({ id: forms.id })
    .from(forms)
    .where(and(eq(forms.accountId, user.accountId), eq(forms.creatorId, user.id)))
    .limit(1);
  return [user.isAccountAdmin ? "admin" : "user", ...(authored ? ["form_author"] : [])];
}

export async function authorize(ctx: TenantContext, permission: Permission): Promise<void> {
  if (!(await can(ctx, permission))) throw forbidden("not_allowed");
}

/**
 * What the caller may see of one form's answers. Nothing without the right to view results;
 * with it, admins and the form's author see everything, a member what their groups' data
 * permissions give. Every route that reads answers asks
 * this and passes each answer through `visibleAnswer`.
 */
export async function answerAccess(
  ctx: TenantContext,
  form: { id: number; creatorId: number | null },
): Promise<AnswerAccess> {
  return (await answerAccessByForm(ctx, [form])).get(form.id) ?? { level: "none" };
}

/**
 * Whether the caller reads every answer of every form of their account, whoever made the form:
 * an account admin. A caller who does may be given "all" instead of each form's access.
 */
export function readsEveryAnswer(ctx: TenantContext): boolean {
  return ctx.user.isAccountAdmin;
}

export async function answerAccessByForm(
  ctx: TenantContext,
  forms: readonly { id: number; creatorId: number | null }[],
): Promise<Map<number, AnswerAccess>> {
  const result = new Map<number, AnswerAccess>();
  // Answers are results: without the right to view results, no data access shows any of them.
  if (!(await can(ctx, "results.view"))) {
    for (const form of forms) result.set(form.id, { level: "none" });
    return result;
  }
  const pending: number[] = [];
  for (const form of forms) {
    if (readsEveryAnswer(ctx) || form.creatorId === ctx.user.id) result.set(form.id, { level: "all" });
    else pending.push(form.id);
  }
  if (pending.length === 0) return result;
  const rows = await ctx.db
    .select({
      formId: formGroupAccess.formId,
      level: formGroupAccess.level,
      fieldIds: formGroupAccess.fieldIds,
    })
    .from(formGroupAccess)
    .innerJoin(
      groupMembers,
      and(
        eq(groupMembers.accountId, formGroupAccess.accountId),
        eq(groupMembers.groupId, formGroupAccess.groupId),
      ),
    )
    .where(
      and(
        eq(formGroupAccess.accountId, ctx.accountId),
        eq(groupMembers.userId, ctx.user.id),
        inArray(formGroupAccess.formId, pending),
      ),
    );
  for (const formId of pending) {
    const grants = rows.filter((row) => row.formId === formId) as {
      level: DataAccessLevel;
      fieldIds: string[];
    }[];
    result.set(formId, combineAccess(grants));
  }
  return result;
}

/** Answers can be read only with some access; `none` is refused like a missing permission. */
export function assertCanRead(access: AnswerAccess): void {
  if (access.level === "none") throw forbidden("not_allowed");
}

/**
 * One answer as this access shows it: with selected fields, the other fields are absent (not
 * blank), and totals that depend on them (score, result) are withheld.
 */
export function visibleAnswer(answer: TAnswerView, access: AnswerAccess): TAnswerView {
  if (access.level !== "fields") return answer;
  const shown = access.fieldIds;
  return {
    ...answer,
    answers: answer.answers.filter((item) => shown.has(item.fieldId)),
    score: null,
    result: null,
    fieldScores: answer.fieldScores
      ? Object.fromEntries(Object.entries(answer.fieldScores).filter(([fieldId]) => shown.has(fieldId)))
      : null,
    fieldComments: answer.fieldComments
      ? Object.fromEntries(Object.entries(answer.fieldComments).filter(([fieldId]) => shown.has(fieldId)))
      : answer.fieldComments,
  };
}

/**
 * A submission's notes (the readers' points and comments per field, the total) as this access may
 * read them: the same cut as `visibleAnswer`.
 */
export function visibleNotes<
  Notes extends {
    score: number | null;
    fieldScores: Record<string, number> | null;
    fieldComments: Record<string, string>;
  },
>(notes: Notes, access: AnswerAccess): Notes {
  if (access.level === "all") return notes;
  const shown = <T>(values: Record<string, T>) =>
    Object.fromEntries(Object.entries(values).filter(([fieldId]) => mayReadField(access, fieldId)));
  return {
    ...notes,
    score: null,
    fieldScores: notes.fieldScores && shown(notes.fieldScores),
    fieldComments: shown(notes.fieldComments),
  };
}

/** Whether the field's answer is one this access shows. */
const mayReadField = (access: AnswerAccess, fieldId: string): boolean =>
  access.level === "all" || (access.level === "fields" && access.fieldIds.has(fieldId));

/**
 * A stored submission as this access may read it, for channels that send the row itself (webhooks,
 * e-mails): the same cut as `visibleAnswer` makes for the results pages.
 */
export function visibleStoredAnswer<
  Row extends { answers: unknown; score: number | null; result: unknown; fieldScores: unknown },
>(row: Row, access: AnswerAccess): Row {
  if (access.level === "all") return row;
  const shown = (fieldId: unknown) => typeof fieldId === "string" && mayReadField(access, fieldId);
  const list = Array.isArray(row.answers) ? (row.answers as Array<{ fieldId?: unknown }>) : [];
  const scores =
    row.fieldScores && typeof row.fieldScores === "object"
      ? Object.fromEntries(Object.entries(row.fieldScores).filter(([fieldId]) => shown(fieldId)))
      : null;
  return {
    ...row,
    answers: list.filter((item) => shown(item.fieldId)),
    score: null,
    result: null,
    fieldScores: scores,
  };
}

/** Whether a reader with `reader` may read everything that `sent` shows. */
export function coversAccess(reader: AnswerAccess, sent: AnswerAccess): boolean {
  if (sent.level === "none" || reader.level === "all") return true;
  if (reader.level === "none" || sent.level === "all") return false;
  return [...sent.fieldIds].every((fieldId) => reader.fieldIds.has(fieldId));
}

/**
 * What a channel that carries answers out (a webhook, an e-mail notification) may send of a form
 * now: what the user who made it or last changed it may read now, asked when it is sent, so a
 * right taken away stops it too. A channel made before its maker was kept sends what the form's
 * author reads; one whose maker left the account sends nothing.
 */
export async function channelAccess(
  db: Db,
  accountId: number,
  configuredBy: number | null,
  form: { id: number; creatorId: number | null },
): Promise<AnswerAccess> {
  if (configuredBy === null) return { level: "all" };
  const [user] = await db.select().from(users).where(eq(users.id, configuredBy));
  if (!user || user.accountId !== accountId) return { level: "none" };
  return answerAccess({ db, user, via: "session", accountId }, form);
}

/** What the caller may read of the form, and what a channel made by `configuredBy` sends of it. */
function readersOfChannel(
  ctx: TenantContext,
  form: { id: number; creatorId: number | null },
  configuredBy: number | null,
): Promise<[AnswerAccess, AnswerAccess]> {
  return Promise.all([answerAccess(ctx, form), channelAccess(ctx.db, ctx.accountId, configuredBy, form)]);
}

/**
 * Changing where a channel sends, what it sends, or sending it again hands its data to whoever
 * does it: they must read everything it sends now. The change then makes it theirs.
 */
export async function authorizeChannelChange(
  ctx: TenantContext,
  form: { id: number; creatorId: number | null },
  configuredBy: number | null,
): Promise<void> {
  if (configuredBy === ctx.user.id) return;
  const [mine, sent] = await readersOfChannel(ctx, form, configuredBy);
  if (!coversAccess(mine, sent)) throw forbidden("not_allowed");
}

/**
 * Whether the caller may see where a channel sends, whole (a chat's incoming-webhook address is
 * its key): its maker, or a reader of everything it sends; of the whole form when it sends
 * nothing now (its maker left, or reads nothing), since the address is someone's all the same.
 */
export async function maySeeChannelAddress(
  ctx: TenantContext,
  form: { id: number; creatorId: number | null },
  configuredBy: number | null,
): Promise<boolean> {
  if (configuredBy === ctx.user.id) return true;
  const [mine, sent] = await readersOfChannel(ctx, form, configuredBy);
  return sent.level === "none" ? mine.level === "all" : coversAccess(mine, sent);
}

/** What a rule does that is seen outside the form's answers: its mail, its webhook, the form closing. */
const SEEN_OUTSIDE: ReadonlySet<string> = new Set(["publish", "unpublish", "webhook", "sendEmail"]);

/**
 * A form's rules act for whoever writes them: a rule reads the answers of every submission and
 * shows what it read where its writer may see it (a value assigned into a question, a question
 * shown or skipped, a webhook called, the form unpublished). So each rule the caller adds or
 * changes may depend only on questions whose answers they may read; one who reads no answers at
 * all may still make a rule that acts only within the filling (show this question when that one is
 * yes). A rule turned off acts on nothing (the builder turns a rule off when a question or option
 * it used goes), and rules kept as they were (the builder sends them all back) ask for nothing.
 */
export async function authorizeRuleChange(
  ctx: TenantContext,
  form: { id: number; creatorId: number | null },
  rules: readonly TRule[],
  stored: readonly TRule[],
): Promise<void> {
  const changed = rules.filter(
    (rule) =>
      rule.enabled &&
      fieldsReadBy(rule).length > 0 &&
      !stored.some((before) => before.id === rule.id && isDeepStrictEqual(before, rule)),
  );
  if (changed.length === 0) return;
  const access = await answerAccess(ctx, form);
  if (access.level === "all") return;
  const refused = changed.filter((rule) =>
    access.level === "fields"
      ? fieldsReadBy(rule).some((fieldId) => !access.fieldIds.has(fieldId))
      : [...rule.then, ...rule.else].some((action) => SEEN_OUTSIDE.has(action.type)),
  );
  if (refused.length > 0)
    throw new AppError(
      403,
      "form_rule.field_not_readable",
      refused.map((rule) => validationError(`conditionalRules.${rule.id}`, "form_rule.field_not_readable")),
    );
}

/**
 * A formula's value is stored with each submission and read by whoever may read the formula: a
 * member limited to some questions may not make one they read show more of the others than it did
 * (by its expression, by giving another question the name it reads, by scoring another question
 * where it reads the total score, or by changing how a question it reads counts). What it showed
 * before the change, the admin's doing, stays.
 */
export async function authorizeFormulaChange(
  ctx: TenantContext,
  form: { id: number; creatorId: number | null },
  before: readonly TElement[],
  after: readonly TElement[],
): Promise<void> {
  if (!after.some((field) => field.fieldType === "formula")) return;
  const access = await answerAccess(ctx, form);
  if (access.level !== "fields") return;
  const was = formulaSourcesBeyond(before, access.fieldIds);
  const now = formulaSourcesBeyond(after, access.fieldIds);
  // What the readable formulas read beyond the saver's questions, through any formula.
  const read = formulaReachBeyond(after, access.fieldIds);
  const beforeById = new Map(before.map((field) => [field.id, field]));
  const errors = after.flatMap((field, index) => {
    const shown = now.get(field.id);
    const allowed = was.get(field.id) ?? new Set<string>();
    if (shown && [...shown].some((source) => !allowed.has(source)))
      return [validationError(`fields.${index}.fieldSettings.formula`, "form.formula_not_readable")];
    // A question it may not read, read by a formula it may: counted otherwise (its options given
    // numbers of their own, say), the formula would tell its answers apart.
    const earlier = beforeById.get(field.id);
    return read.has(field.id) &&
      earlier !== undefined &&
      !isDeepStrictEqual(formulaReadingOf(earlier), formulaReadingOf(field))
      ? [validationError(`fields.${index}`, "form.formula_not_readable")]
      : [];
  });
  if (errors.length > 0) throw new AppError(403, "form.formula_not_readable", errors);
}

/**
 * Whether the caller answers support tickets of every account: their e-mail is among the
 * instance's operators (SUPPORT_OPERATORS) and confirmed, so registering with an operator's
 * address before they do gives nothing, and they act in person, never through an app's token.
 */
export function isSupportOperator(ctx: UserContext, operators: readonly string[]): boolean {
  return (
    ctx.via === "session" &&
    ctx.user.emailConfirmedAt !== null &&
    operators.includes(ctx.user.email.trim().toLowerCase())
  );
}
