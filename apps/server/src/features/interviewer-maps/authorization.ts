import { and, eq } from "drizzle-orm";
import { users } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { authorize, can } from "../../http/policy.ts";

/**
 * Who may see and change an interviewer's maps, asked of the policy (http/policy.ts): anyone who
 * may view the account's users sees any member's areas and activity, and every member sees their
 * own; drawing, changing and deleting areas is editing other users. The refusal comes before the
 * interviewer is looked up, so it tells nothing of who is in the account; another account's member
 * is not found.
 */
export async function loadReadableInterviewer(ctx: TenantContext, interviewerId: number) {
  if (interviewerId !== ctx.user.id) await authorize(ctx, "users.view");
  return loadInterviewer(ctx, interviewerId);
}

export async function loadEditableInterviewer(ctx: TenantContext, interviewerId: number) {
  await authorize(ctx, "users.edit");
  return loadInterviewer(ctx, interviewerId);
}

export const mayEditAreas = (ctx: TenantContext) => can(ctx, "users.edit");

async function loadInterviewer(ctx: TenantContext, interviewerId: number) {
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(and(eq(users.accountId, ctx.accountId), eq(users.id, interviewerId)));
  if (!row) throw notFound("user.not_found");
  return {
    id: row.id,
    username: row.username,
    name: [row.firstName, row.lastName].filter(Boolean).join(" ") || row.username,
  };
}

export type Interviewer = Awaited<ReturnType<typeof loadInterviewer>>;
