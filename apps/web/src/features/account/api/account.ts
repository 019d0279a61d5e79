import type { TAccount } from "@formloom/core/api/auth";
import type { TAccountResources } from "@formloom/core/api/users";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import type { paths } from "../../../lib/api-types.ts";
import { client } from "../../../lib/typed-client.ts";

/** What the resources count is narrowed by: a period, a form, a group or a user. */
export type ResourcesQuery = NonNullable<paths["/api/account/resources"]["get"]["parameters"]["query"]>;

export const useAccountResources = (query: ResourcesQuery, enabled: boolean) =>
  useQuery({
    queryKey: ["account-resources", query],
    queryFn: (): Promise<TAccountResources> =>
      unwrap(
        client.GET("/api/account/resources", {
          // An empty day is no bound at all.
          params: {
            query: { ...query, date_from: query.date_from || undefined, date_to: query.date_to || undefined },
          },
        }),
      ),
    enabled,
    placeholderData: keepPreviousData,
  });

export function useEditAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      name?: string;
      type?: TAccount["type"];
      recordingsRetentionDays?: number | null;
    }): Promise<TAccount> => unwrap(client.PATCH("/api/account/edit", { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["user"] }),
  });
}
