import { z } from "zod";
import { ZRowIdInBody } from "./ids.ts";
import { seenName } from "./names.ts";

/** platform.md §5: a group name is required and not empty (at least 2 symbols). */
const ZGroupName = seenName("group.name.empty").trim().min(2, "group.name.empty").max(100);

export const ZGroupCreateBody = z.object({ groupName: ZGroupName });
export const ZGroupEditBody = z.object({ name: ZGroupName });
export const ZGroupUsersBody = z.object({ userIds: z.array(ZRowIdInBody).min(1).max(500) });

export const ZGroupMember = z.object({ id: z.number(), username: z.string(), email: z.string() });

export const ZGroup = z.object({
  id: z.number(),
  name: z.string(),
  creationDate: z.string(),
  userCount: z.number(),
});
export type TGroup = z.infer<typeof ZGroup>;

export const ZGroupWithUsers = ZGroup.extend({ users: z.array(ZGroupMember) });
export type TGroupWithUsers = z.infer<typeof ZGroupWithUsers>;

export const ZAccountUser = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  isAccountAdmin: z.boolean(),
});
export type TAccountUser = z.infer<typeof ZAccountUser>;
