import type { TLoginBody, TTokens } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { session } from "../../../lib/session.ts";

export const useLogin = () =>
  useMutation({
    mutationFn: (body: TLoginBody) => api<TTokens>("POST", "/login", body),
    onSuccess: (tokens) => session.store(tokens),
  });
