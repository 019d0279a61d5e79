import type { TAccount } from "@formloom/core/api/auth";
import type { TAccountResources, TAccountResourcesQuery } from "@formloom/core/api/users";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useAccountResources = (query: TAccountResourcesQuery, enabled: boolean) =>
  useQuery({
    queryKey: ["account-resources", query],
    queryFn: () => {
      const params = new URLSearchParams(
        Object.entries(query)
          .filter(([, value]) => value !== undefined && value !== "")
          .map(([key, value]) => [key, String(value)]),
      );
      return api<TAccountResources>("GET", `/account/resources?${params}`);
    },
    enabled,
    placeholderData: keepPreviousData,
  });

export function useEditAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; type?: TAccount["type"] }) =>
      api<TAccount>("PATCH", "/account/edit", body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["user"] }),
  });
}
