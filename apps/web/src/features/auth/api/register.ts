import type { TRegisterBody, TTokens } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import i18n from "../../../i18n/i18n.ts";
import { api } from "../../../lib/api-client.ts";
import { session } from "../../../lib/session.ts";

/** A new user starts in the language they signed up in, and in this browser's time zone. */
function preferences() {
  return { locale: i18n.language, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}

export const useRegister = () =>
  useMutation({
    mutationFn: (body: TRegisterBody) =>
      api<TTokens>("POST", "/register", {
        ...body,
        registerParams: { ...body.registerParams, ...preferences() },
      }),
    onSuccess: (tokens) => session.store(tokens),
  });
