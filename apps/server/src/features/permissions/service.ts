import type { TDataAccessBody } from "@formloom/core/api/permissions";
import { ZDataAccessBody } from "@formloom/core/api/permissions";
import { holdsValue } from "@formloom/core/field-registry";
import { GRANTABLE_PERMISSIONS, PERMISSION_CATEGORIES } from "@formloom/core/permissions";
import { and, asc, eq, sql } from "drizzle-orm";
import { formGroupAccess, forms, groupPermissions, groups } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { invalidField, notFound } from "../../http/errors.ts";
import { readFields } from "../forms/presenter.ts";
import { loadForm } from "../forms/service.ts";
import { loadGroup } from "../groups/service.ts";

/** GET …/permissions/list: every grantable permission, by category. */
export async function permissionCatalogue(ctx: TenantContext, groupId: number) {
  await loadGroup(ctx, groupId);
  return {
    categories: PERMISSION_CATEGORIES.map((category) => ({
      id: category.id,
      title: category.title,
      permissions: category.permissions.map((permission) => ({ id: permission.id, title: permission.title })),
    })),
  };
}

/** GET …/permissions/status: what the group grants now. */
export async function permissionStatus(ctx: TenantContext, groupId: number) {
  await loadGroup(ctx, groupId);
  const rows = await ctx.db
    .select({ permission: groupPermissions.permission })
    .from(groupPermissions)
    .where(and(eq(groupPermissions.accountId, ctx.accountId), eq(groupPermissions.groupId, groupId)));
  const held = new Set(rows.map((row) => row.permission));
  return { permissions: GRANTABLE_PERMISSIONS.filter((permission) => held.has(permission)) };
}

/** POST …/permissions/set: the group grants exactly these from now on. */
export async function setPermissions(ctx: TenantContext, groupId: number, permissions: readonly string[]) {
  await loadGroup(ctx, groupId);
  await ctx.db.transaction(async (tx) => {
    // Parallel sets of one group take turns on the group's row: otherwise both delete the old
    // rows, both insert, and the second insert collides with the first (a unique violation).
    await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.accountId, ctx.accountId), eq(groups.id, groupId)))
      .for("update");
    await tx
      .delete(groupPermissions)
      .where(and(eq(groupPermissions.accountId, ctx.accountId), eq(groupPermissions.groupId, groupId)));
    const unique = [...new Set(permissions)];
    if (unique.length > 0) {
      await tx
        .insert(groupPermissions)
        .values(unique.map((permission) => ({ accountId: ctx.accountId, groupId, permission })));
    }
  });
  return permissionStatus(ctx, groupId);
}

const accessColumns = {
  formId: forms.id,
  formTitle: forms.title,
  groupId: groups.id,
  groupName: groups.name,
  level: sql<"none" | "all" | "fields">`coalesce(${formGroupAccess.level}, 'none')`,
  fieldIds: sql<string[]>`coalesce(${formGroupAccess.fieldIds}, '[]'::jsonb)`,
};

/**
 * Data access for pairs of the account's forms and groups, narrowed to one form, one group or
 * both; a pair without a grant has none.
 */
function accessRows(ctx: TenantContext, only: { formId?: number; groupId?: number }) {
  return ctx.db
    .select(accessColumns)
    .from(forms)
    .innerJoin(groups, eq(groups.accountId, forms.accountId))
    .leftJoin(
      formGroupAccess,
      and(
        eq(formGroupAccess.accountId, forms.accountId),
        eq(formGroupAccess.formId, forms.id),
        eq(formGroupAccess.groupId, groups.id),
      ),
    )
    .where(
      and(
        eq(forms.accountId, ctx.accountId),
        only.formId === undefined ? undefined : eq(forms.id, only.formId),
        only.groupId === undefined ? undefined : eq(groups.id, only.groupId),
      ),
    )
    .orderBy(asc(sql`lower(${groups.name})`), asc(forms.id));
}

/** Every group's access to one form. */
export async function formAccessList(ctx: TenantContext, formId: number) {
  await loadForm(ctx, formId);
  return { items: await accessRows(ctx, { formId }) };
}

/** One group's access to every form of the account. */
export async function groupAccessList(ctx: TenantContext, groupId: number) {
  await loadGroup(ctx, groupId);
  return { items: await accessRows(ctx, { groupId }) };
}

export async function getFormGroupAccess(ctx: TenantContext, formId: number, groupId: number) {
  const [item] = await accessRows(ctx, { formId, groupId });
  if (item) return item;
  await loadForm(ctx, formId);
  throw notFound("group.not_found");
}

/** Sets a group's access to a form; selected fields must be fields of that form that hold values. */
export async function setFormGroupAccess(
  ctx: TenantContext,
  formId: number,
  groupId: number,
  input: TDataAccessBody,
) {
  const body = ZDataAccessBody.parse(input);
  const form = await loadForm(ctx, formId);
  await loadGroup(ctx, groupId);
  const fieldIds = body.level === "fields" ? [...new Set(body.fieldIds)] : [];
  const known = new Set(
    readFields(form)
      .filter(holdsValue)
      .map((element) => element.id),
  );
  if (fieldIds.some((id) => !known.has(id))) {
    throw invalidField("permissions.fields.unknown", "fieldIds");
  }
  if (body.level === "none") {
    await ctx.db
      .delete(formGroupAccess)
      .where(
        and(
          eq(formGroupAccess.accountId, ctx.accountId),
          eq(formGroupAccess.formId, formId),
          eq(formGroupAccess.groupId, groupId),
        ),
      );
  } else {
    await ctx.db
      .insert(formGroupAccess)
      .values({ accountId: ctx.accountId, formId, groupId, level: body.level, fieldIds })
      .onConflictDoUpdate({
        target: [formGroupAccess.accountId, formGroupAccess.formId, formGroupAccess.groupId],
        set: { level: body.level, fieldIds },
      });
  }
  return getFormGroupAccess(ctx, formId, groupId);
}
