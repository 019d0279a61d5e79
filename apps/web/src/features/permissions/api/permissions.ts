import type {
  TDataAccess,
  TDataAccessBody,
  TPermissionCatalogue,
  TPermissionStatus,
} from "@formloom/core/api/permissions";
import type { GrantablePermission } from "@formloom/core/permissions";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

const group = (id: number) => ({ params: { path: { id } } });

/** Functional permissions of a group, and data access of groups to forms (platform.md §6). */
export const usePermissionCatalogue = (groupId: number) =>
  useQuery({
    queryKey: ["permissions", "catalogue", groupId],
    queryFn: (): Promise<TPermissionCatalogue> =>
      unwrap(client.GET("/api/account/group/{id}/permissions/list", group(groupId))),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePermissionStatus = (groupId: number) =>
  useQuery({
    queryKey: ["permissions", "status", groupId],
    queryFn: (): Promise<TPermissionStatus> =>
      unwrap(client.GET("/api/account/group/{id}/permissions/status", group(groupId))),
  });

export function useSetPermissions(groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The page sends back the catalogue's and the status's ids, which the API document names as
    // the grantable permissions; the server still refuses any other (permissions.unknown).
    mutationFn: (permissions: GrantablePermission[]): Promise<TPermissionStatus> =>
      unwrap(
        client.POST("/api/account/group/{id}/permissions/set", { ...group(groupId), body: { permissions } }),
      ),
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
    queryFn:
      formId === null
        ? skipToken
        : () =>
            unwrap(client.GET("/api/forms/{id}/permissions", { params: { path: { id: formId } } })).then(
              (r): TDataAccess[] => r.items,
            ),
  });

export const useGroupAccess = (groupId: number | null) =>
  useQuery({
    queryKey: ["data-access", "group", groupId],
    queryFn:
      groupId === null
        ? skipToken
        : () =>
            unwrap(client.GET("/api/account/group/{id}/permissions/data", group(groupId))).then(
              (r): TDataAccess[] => r.items,
            ),
  });

export const useFormGroupAccess = (formId: number, groupId: number) =>
  useQuery({
    queryKey: ["data-access", "pair", formId, groupId],
    queryFn: (): Promise<TDataAccess> =>
      unwrap(
        client.GET("/api/forms/{id}/permissions/group/{groupId}", {
          params: { path: { id: formId, groupId } },
        }),
      ),
  });

export function useSetFormGroupAccess(formId: number, groupId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TDataAccessBody): Promise<TDataAccess> =>
      unwrap(
        client.PUT("/api/forms/{id}/permissions/group/{groupId}", {
          params: { path: { id: formId, groupId } },
          body,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["data-access"] }),
  });
}
