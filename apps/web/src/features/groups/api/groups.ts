import type { TAccountUser, TGroup, TGroupWithUsers } from "@formloom/core/api/groups";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** The group calls of platform.md §7; every change reloads the groups. */
export const groupsQueryOptions = queryOptions({
  queryKey: ["groups"],
  queryFn: () => api<{ groups: TGroup[] }>("GET", "/account/group/list").then((r) => r.groups),
});
export const useGroups = () => useQuery(groupsQueryOptions);

export const useGroup = (groupId: number) =>
  useQuery({
    queryKey: ["groups", groupId],
    queryFn: () => api<TGroupWithUsers>("GET", `/account/group/${groupId}`),
  });

export const useAccountUsers = () =>
  useQuery({
    queryKey: ["account-users"],
    queryFn: () => api<{ users: TAccountUser[] }>("GET", "/account/users").then((r) => r.users),
  });

function useGroupMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["groups"] }),
  });
}

export const useCreateGroup = () =>
  useGroupMutation((groupName: string) => api<TGroup>("POST", "/account/group/create", { groupName }));
export const useRenameGroup = (groupId: number) =>
  useGroupMutation((name: string) =>
    api<TGroupWithUsers>("POST", `/account/group/${groupId}/edit`, { name }),
  );
export const useDeleteGroup = () =>
  useGroupMutation((groupId: number) => api<{ deleted: true }>("POST", `/account/group/${groupId}/delete`));
export const useChangeGroupUsers = (groupId: number) =>
  useGroupMutation(({ userIds, action }: { userIds: number[]; action: "add" | "remove" }) =>
    api<TGroupWithUsers>("POST", `/account/group/${groupId}/users/${action}`, { userIds }),
  );
