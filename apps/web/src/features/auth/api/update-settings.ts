import type { TUserSettings } from "@formloom/core/api/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { applyLocale } from "../../../i18n/i18n.ts";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";
import { userQueryOptions } from "./get-user.ts";

export const useUpdateSettings = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<TUserSettings>): Promise<TUserSettings> =>
      unwrap(client.PATCH("/api/user/{id}/settings", { params: { path: { id: userId } }, body: patch })),
    onSuccess: (settings) => {
      applyLocale(settings.locale);
      return queryClient.invalidateQueries(userQueryOptions);
    },
  });
};
