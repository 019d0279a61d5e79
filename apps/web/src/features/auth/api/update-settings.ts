import type { TUserSettings } from "@formloom/core/api/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { applyLocale } from "../../../i18n/i18n.ts";
import { api } from "../../../lib/api-client.ts";
import { userQueryOptions } from "./get-user.ts";

export const useUpdateSettings = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<TUserSettings>) =>
      api<TUserSettings>("PATCH", `/user/${userId}/settings`, patch),
    onSuccess: (settings) => {
      applyLocale(settings.locale);
      return queryClient.invalidateQueries(userQueryOptions);
    },
  });
};
