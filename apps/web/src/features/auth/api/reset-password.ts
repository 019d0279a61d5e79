import type { TResetConfirmBody } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client } from "../../../lib/typed-client.ts";

export const useRequestReset = () =>
  useMutation({
    mutationFn: (email: string) => unwrap(client.POST("/api/reset-password/request", { body: { email } })),
  });

export const useConfirmReset = () =>
  useMutation({
    mutationFn: (body: TResetConfirmBody) => unwrap(client.POST("/api/reset-password/confirm", { body })),
  });
