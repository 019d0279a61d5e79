import { z } from "zod";
import { DATA_ACCESS_LEVELS, GRANTABLE_PERMISSIONS, type GrantablePermission } from "../permissions.ts";

/**
 * A permission a group may be given. The catalogue offers only these and a group holds only
 * these, so the page sends back nothing else; anything else is refused as permissions.unknown.
 */
export const ZGrantablePermission = z.enum(
  GRANTABLE_PERMISSIONS as [GrantablePermission, ...GrantablePermission[]],
  "permissions.unknown",
);

export const ZPermissionCatalogue = z.object({
  categories: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      permissions: z.array(z.object({ id: ZGrantablePermission, title: z.string() })),
    }),
  ),
});
export type TPermissionCatalogue = z.infer<typeof ZPermissionCatalogue>;

export const ZPermissionStatus = z.object({ permissions: z.array(ZGrantablePermission) });
export type TPermissionStatus = z.infer<typeof ZPermissionStatus>;

export const ZPermissionSetBody = z.object({
  permissions: z.array(ZGrantablePermission).max(100),
});

export const ZDataAccessBody = z
  .object({
    level: z.enum(DATA_ACCESS_LEVELS, "request.invalid"),
    fieldIds: z.array(z.string().min(1).max(64)).max(1000).default([]),
  })
  .refine((body) => body.level !== "fields" || body.fieldIds.length > 0, {
    message: "permissions.fields.required",
    path: ["fieldIds"],
  });
export type TDataAccessBody = z.input<typeof ZDataAccessBody>;

export const ZDataAccess = z.object({
  formId: z.number(),
  formTitle: z.string(),
  groupId: z.number(),
  groupName: z.string(),
  level: z.enum(DATA_ACCESS_LEVELS),
  fieldIds: z.array(z.string()),
});
export type TDataAccess = z.infer<typeof ZDataAccess>;

export const ZDataAccessList = z.object({ items: z.array(ZDataAccess) });
