import type { TUserInfo } from "@formloom/core/api/auth";
import type { Permission } from "@formloom/core/permissions";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const userQueryOptions = queryOptions({
  queryKey: ["user"],
  queryFn: (): Promise<TUserInfo> => unwrap(client.GET("/api/user")),
  staleTime: 60_000,
});

export const useUser = () => useQuery(userQueryOptions);

/** Whether the signed-in user may do this (the server decides; this only hides what would be refused). */
export function useCan(): (permission: Permission) => boolean {
  const { data } = useUser();
  return (permission) => data?.permissions.includes(permission) ?? false;
}
