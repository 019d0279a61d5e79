import type { TRegisterBody, TRegisterCheckEmail, TTokens } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import i18n from "../../../i18n/i18n.ts";
import { api } from "../../../lib/api-client.ts";
import { session } from "../../../lib/session.ts";

/** A new user starts in the language they signed up in, and in this browser's time zone. */
function preferences() {
  return { locale: i18n.language, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}

/**
 * Registers; signs in when the answer carries tokens. An address that already has an account
 * answers "check your inbox" instead (the mail there says how to sign in), and nobody is signed in.
 */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: TRegisterBody) =>
      api<TTokens | TRegisterCheckEmail>("POST", "/register", {
        ...body,
        registerParams: { ...body.registerParams, ...preferences() },
      }),
    onSuccess: (result) => {
      if ("token" in result) session.store(result);
    },
  });
