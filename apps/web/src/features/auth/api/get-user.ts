import type { TUserInfo } from "@formloom/core/api/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const userQueryOptions = queryOptions({
  queryKey: ["user"],
  queryFn: () => api<TUserInfo>("GET", "/user"),
  staleTime: 60_000,
});

export const useUser = () => useQuery(userQueryOptions);
