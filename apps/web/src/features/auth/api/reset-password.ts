import type { TResetConfirmBody } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const useRequestReset = () =>
  useMutation({
    mutationFn: (email: string) => api<{ sent: true }>("POST", "/reset-password/request", { email }),
  });

export const useConfirmReset = () =>
  useMutation({
    mutationFn: (body: TResetConfirmBody) => api<{ reset: true }>("POST", "/reset-password/confirm", body),
  });
