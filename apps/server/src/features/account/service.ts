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
import { presentAccount } from "../auth/service.ts";

export async function editAccount(ctx: TenantContext, input: z.input<typeof ZAccountEditBody>) {
  const body = ZAccountEditBody.parse(input);
  const [row] = await ctx.db.update(accounts).set(body).where(eq(accounts.id, ctx.accountId)).returning();
  if (!row) throw notFound("account.not_found");
  return presentAccount(row);
}

/**
 * What the account holds, counted over a period by creation date (date_to included), and
 * narrowed to one form (its answers), one user (what they made or sent) or one group (its
 * members and their answers).
 */
export async function accountResources(ctx: TenantContext, input: TAccountResourcesQuery) {
  const query = ZAccountResourcesQuery.parse(input);
  const period = (column: PgColumn): SQL | undefined =>
    and(
      query.date_from ? gte(column, sql`${query.date_from}::date`) : undefined,
      query.date_to ? lt(column, sql`${query.date_to}::date + 1`) : undefined,
    );
  const groupUserIds = query.group_id
    ? ctx.db
        .select({ id: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.accountId, ctx.accountId), eq(groupMembers.groupId, query.group_id)))
    : undefined;
  const total = async (table: PgTable, where: SQL | undefined) => {
    const [row] = await ctx.db.select({ value: count() }).from(table).where(where);
    return row?.value ?? 0;
  };
  const [formCount, answerCount, userCount, groupCount, invitationCount, appCount] = await Promise.all([
    total(
      forms,
      and(
        eq(forms.accountId, ctx.accountId),
        period(forms.createdAt),
        query.form_id ? eq(forms.id, query.form_id) : undefined,
        query.user_id ? eq(forms.creatorId, query.user_id) : undefined,
        groupUserIds ? inArray(forms.creatorId, groupUserIds) : undefined,
      ),
    ),
    total(
      formAnswers,
      and(
        eq(formAnswers.accountId, ctx.accountId),
        period(formAnswers.submitTime),
        query.form_id ? eq(formAnswers.formId, query.form_id) : undefined,
        query.user_id ? eq(formAnswers.userId, query.user_id) : undefined,
        groupUserIds ? inArray(formAnswers.userId, groupUserIds) : undefined,
      ),
    ),
    total(
      users,
      and(
        eq(users.accountId, ctx.accountId),
        period(users.createdAt),
        query.user_id ? eq(users.id, query.user_id) : undefined,
        groupUserIds ? inArray(users.id, groupUserIds) : undefined,
      ),
    ),
    total(
      groups,
      and(
        eq(groups.accountId, ctx.accountId),
        period(groups.createdAt),
        query.group_id ? eq(groups.id, query.group_id) : undefined,
      ),
    ),
    total(
      invitations,
      and(
        eq(invitations.accountId, ctx.accountId),
        period(invitations.sentAt),
        query.user_id ? eq(invitations.invitedBy, query.user_id) : undefined,
      ),
    ),
    total(
      externalApps,
      and(
        eq(externalApps.accountId, ctx.accountId),
        period(externalApps.createdAt),
        query.user_id ? eq(externalApps.userId, query.user_id) : undefined,
      ),
    ),
  ]);
  return {
    forms: formCount,
    answers: answerCount,
    users: userCount,
    groups: groupCount,
    invitations: invitationCount,
    externalApps: appCount,
  };
}
