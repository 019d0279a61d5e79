import type { TRegisterBody, TTokens } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { session } from "../../../lib/session.ts";

export const useRegister = () =>
  useMutation({
    mutationFn: (body: TRegisterBody) => api<TTokens>("POST", "/register", body),
    onSuccess: (tokens) => session.store(tokens),
  });
