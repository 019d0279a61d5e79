import type {
  TDataAccess,
  TDataAccessBody,
  TPermissionCatalogue,
  TPermissionStatus,
} from "@formloom/core/api/permissions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** Functional permissions of a group, and data access of groups to forms (platform.md §6). */
export const usePermissionCatalogue = (groupId: number) =>
  useQuery({
    queryKey: ["permissions", "catalogue", groupId],
    queryFn: () => api<TPermissionCatalogue>("GET", `/account/group/${groupId}/permissions/list`),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePermissionStatus = (groupId: number) =>
  useQuery({
    queryKey: ["permissions", "status", groupId],
    queryFn: () => api<TPermissionStatus>("GET", `/account/group/${groupId}/permissions/status`),
  });

export function useSetPermissions(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: string[]) =>
      api<TPermissionStatus>("POST", `/account/group/${groupId}/permissions/set`, { permissions }),
    onSuccess: (status) => {
      queryClient.setQueryData(["permissions", "status", groupId], status);
      // The signed-in user's own rights may have changed with it.
      void queryClient.invalidateQueries({ queryKey: ["user"] });
    },
  });
}

export const useFormAccess = (formId: number | null) =>
  useQuery({
    queryKey: ["data-access", "form", formId],
    queryFn: () => api<{ items: TDataAccess[] }>("GET", `/forms/${formId}/permissions`).then((r) => r.items),
    enabled: formId !== null,
  });

export const useGroupAccess = (groupId: number | null) =>
  useQuery({
    queryKey: ["data-access", "group", groupId],
    queryFn: () =>
      api<{ items: TDataAccess[] }>("GET", `/account/group/${groupId}/permissions/data`).then((r) => r.items),
    enabled: groupId !== null,
  });

export const useFormGroupAccess = (formId: number, groupId: number) =>
  useQuery({
    queryKey: ["data-access", "pair", formId, groupId],
    queryFn: () => api<TDataAccess>("GET", `/forms/${formId}/permissions/group/${groupId}`),
  });

export function useSetFormGroupAccess(formId: number, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDataAccessBody) =>
      api<TDataAccess>("PUT", `/forms/${formId}/permissions/group/${groupId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["data-access"] }),
  });
}
