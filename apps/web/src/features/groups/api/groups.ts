import type { TAccountUser, TGroup, TGroupWithUsers } from "@formloom/core/api/groups";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

/** The group calls of platform.md §7, through the typed client; every change reloads the groups. */
export const groupsQueryOptions = queryOptions({
  queryKey: ["groups"],
  queryFn: () => unwrap(client.GET("/api/account/group/list")).then((r): TGroup[] => r.groups),
});
export const useGroups = () => useQuery(groupsQueryOptions);

export const useGroup = (groupId: number) =>
  useQuery({
    queryKey: ["groups", groupId],
    queryFn: (): Promise<TGroupWithUsers> =>
      unwrap(client.GET("/api/account/group/{id}", { params: { path: { id: groupId } } })),
  });

export const useAccountUsers = () =>
  useQuery({
    queryKey: ["account-users"],
    queryFn: () => unwrap(client.GET("/api/account/users")).then((r): TAccountUser[] => r.users),
  });

function useGroupMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["groups"] }),
  });
}

export const useCreateGroup = () =>
  useGroupMutation(
    (groupName: string): Promise<TGroup> =>
      unwrap(client.POST("/api/account/group/create", { body: { groupName } })),
  );
export const useRenameGroup = (groupId: number) =>
  useGroupMutation(
    (name: string): Promise<TGroupWithUsers> =>
      unwrap(
        client.POST("/api/account/group/{id}/edit", { params: { path: { id: groupId } }, body: { name } }),
      ),
  );
export const useDeleteGroup = () =>
  useGroupMutation((groupId: number) =>
    unwrap(client.POST("/api/account/group/{id}/delete", { params: { path: { id: groupId } } })),
  );
export const useChangeGroupUsers = (groupId: number) =>
  useGroupMutation(
    ({ userIds, action }: { userIds: number[]; action: "add" | "remove" }): Promise<TGroupWithUsers> => {
      const options = { params: { path: { id: groupId } }, body: { userIds } };
      return unwrap(
        action === "add"
          ? client.POST("/api/account/group/{id}/users/add", options)
          : client.POST("/api/account/group/{id}/users/remove", options),
      );
    },
  );
