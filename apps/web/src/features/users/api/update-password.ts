import type { TTokens } from "@formloom/core/api/auth";
import type { TUpdatePasswordBody } from "@formloom/core/api/users";
import { useMutation } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { session } from "../../../lib/session.ts";
import { client } from "../../../lib/typed-client.ts";

/**
 * POST /update-password. The server ends every sign-in of the user, this one too, and answers a
 * fresh pair: stored at once, this browser stays signed in while all others are signed out.
 */
export const useUpdatePassword = () =>
  useMutation({
    mutationFn: (body: TUpdatePasswordBody): Promise<TTokens> =>
      unwrap(client.POST("/api/update-password", { body })),
    onSuccess: (tokens) => session.store(tokens),
  });
