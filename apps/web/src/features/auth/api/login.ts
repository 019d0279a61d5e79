import type { TLoginBody, TTokens } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { session } from "../../../lib/session.ts";
import { client } from "../../../lib/typed-client.ts";

export const useLogin = () =>
  useMutation({
    mutationFn: (body: TLoginBody): Promise<TTokens> => unwrap(client.POST("/api/login", { body })),
    onSuccess: (tokens) => session.store(tokens),
  });
