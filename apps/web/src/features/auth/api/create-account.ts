import type { TAccount, TCreateAccountBody } from "@formloom/core/api/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { userQueryOptions } from "./get-user.ts";

export const useCreateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAccountBody) => api<TAccount>("POST", "/account/create", body),
    onSuccess: () => queryClient.invalidateQueries(userQueryOptions),
  });
};
