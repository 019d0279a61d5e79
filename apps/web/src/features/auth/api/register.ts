import type { TRegisterBody, TRegisterCheckEmail, TTokens } from "@formloom/core/api/auth";
import { useMutation } from "@tanstack/react-query";
import i18n from "../../../i18n/i18n.ts";
import { unwrap } from "../../../lib/api-client.ts";
import { session } from "../../../lib/session.ts";
import { client } from "../../../lib/typed-client.ts";

/** A new user starts in the language they signed up in, and in this browser's time zone. */
function preferences() {
  return { locale: i18n.language, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone };
}

/**
 * Registers. The answer is "check your inbox" for a new address and a registered one alike: the
 * mail there confirms the new address and signs in, or says how to sign in. Only joining through
 * an invitation, whose link proved the address, answers with tokens and signs in at once.
 */
export const useRegister = () =>
  useMutation({
    mutationFn: (body: TRegisterBody): Promise<TTokens | TRegisterCheckEmail> =>
      unwrap(
        client.POST("/api/register", {
          body: { ...body, registerParams: { ...body.registerParams, ...preferences() } },
        }),
      ),
    onSuccess: (result) => {
      if ("token" in result) session.store(result);
    },
  });
