import type { TAccountResourcesQuery } from "@formloom/core/api/users";
import { ZAccountEditBody, ZAccountResourcesQuery } from "@formloom/core/api/users";
import { and, count, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import {
  accounts,
  externalApps,
  formAnswers,
  forms,
  groupMembers,
  groups,
  invitations,
  users,
} from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { answerAccessByForm } from "../../http/policy.ts";
import { presentAccount } from "../auth/service.ts";

export async function editAccount(ctx: TenantContext, input: z.input<typeof ZAccountEditBody>) {
  const body = ZAccountEditBody.parse(input);
  // A new retention is swept by the next run of the job, not an hour after the last sweep.
  const sweep = body.recordingsRetentionDays === undefined ? {} : { recordingsSweptAt: null };
  const [row] = await ctx.db
    .update(accounts)
    .set({ ...body, ...sweep })
    .where(eq(accounts.id, ctx.accountId))
    .returning();
  if (!row) throw notFound("account.not_found");
  return presentAccount(row);
}

interface Resource {
  table: PgTable;
  account: PgColumn;
  /** The date the period applies to. */
  created: PgColumn;
  /** Narrowed by form_id when set. */
  form?: PgColumn;
  /** The user who made or sent it, for user_id and (with byGroupMembers) group_id. */
  user?: PgColumn;
  byGroupMembers?: boolean;
  /** Narrowed by group_id to this column when set. */
  group?: PgColumn;
}

const RESOURCES = {
  forms: {
    table: forms,
    account: forms.accountId,
    created: forms.createdAt,
    form: forms.id,
    user: forms.creatorId,
    byGroupMembers: true,
  },
  answers: {
    table: formAnswers,
    account: formAnswers.accountId,
    created: formAnswers.submitTime,
    form: formAnswers.formId,
    user: formAnswers.userId,
    byGroupMembers: true,
  },
  users: {
    table: users,
    account: users.accountId,
    created: users.createdAt,
    user: users.id,
    byGroupMembers: true,
  },
  groups: { table: groups, account: groups.accountId, created: groups.createdAt, group: groups.id },
  invitations: {
    table: invitations,
    account: invitations.accountId,
    created: invitations.sentAt,
    user: invitations.invitedBy,
  },
  externalApps: {
    table: externalApps,
    account: externalApps.accountId,
    created: externalApps.createdAt,
    user: externalApps.userId,
  },
} satisfies Record<string, Resource>;

/**
 * What the account holds, counted over a period by creation date (date_to included), and
 * narrowed to one form (its answers), one user (what they made or sent) or one group (its
 * members and what they made or sent).
 */
export async function accountResources(ctx: TenantContext, input: TAccountResourcesQuery) {
  const query = ZAccountResourcesQuery.parse(input);
  const groupUserIds = query.group_id
    ? ctx.db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.accountId, ctx.accountId), eq(groupMembers.groupId, query.group_id)))
    : undefined;
  // Answers are counted over the forms whose results this reader may read; tokens, those the
  // reader's own list of tokens shows.
  const accountForms = await ctx.db
    .select({ id: forms.id, creatorId: forms.creatorId })
    .from(forms)
    .where(eq(forms.accountId, ctx.accountId));
  const access = await answerAccessByForm(ctx, accountForms);
  const readable = accountForms.filter((form) => (access.get(form.id)?.level ?? "none") !== "none");
  const seen: Partial<Record<keyof typeof RESOURCES, SQL>> = {
    ...(readable.length < accountForms.length && {
      answers: sql`${formAnswers.formId} = any(${`{${readable.map((form) => form.id).join(",")}}`}::int[])`,
    }),
    ...(!ctx.user.isAccountAdmin && { externalApps: eq(externalApps.userId, ctx.user.id) }),
  };
  const total = async (name: keyof typeof RESOURCES) => {
    const resource: Resource = RESOURCES[name];
    const where = and(
      seen[name],
      eq(resource.account, ctx.accountId),
      query.date_from ? gte(resource.created, sql`${query.date_from}::date`) : undefined,
      query.date_to ? lt(resource.created, sql`${query.date_to}::date + 1`) : undefined,
      query.form_id && resource.form ? eq(resource.form, query.form_id) : undefined,
      query.user_id && resource.user ? eq(resource.user, query.user_id) : undefined,
      groupUserIds && resource.user && resource.byGroupMembers
        ? inArray(resource.user, groupUserIds)
        : undefined,
      query.group_id && resource.group ? eq(resource.group, query.group_id) : undefined,
    );
    const [row] = await ctx.db.select({ value: count() }).from(resource.table).where(where);
    return row?.value ?? 0;
  };
  const names = Object.keys(RESOURCES) as Array<keyof typeof RESOURCES>;
  const counts = await Promise.all(names.map((name) => total(name)));
  return Object.fromEntries(names.map((name, index) => [name, counts[index] ?? 0])) as Record<
    keyof typeof RESOURCES,
    number
  >;
}
