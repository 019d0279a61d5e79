import type { TAccount, TCreateAccountBody } from "@formloom/core/api/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";
import { userQueryOptions } from "./get-user.ts";

export const useCreateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateAccountBody): Promise<TAccount> =>
      unwrap(client.POST("/api/account/create", { body })),
    onSuccess: () => queryClient.invalidateQueries(userQueryOptions),
  });
};
