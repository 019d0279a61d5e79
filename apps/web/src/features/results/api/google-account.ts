import type { TGoogleAccount } from "@formloom/core/api/exports";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { unwrap } from "../../../lib/api-client.ts";
import { client as api } from "../../../lib/typed-client.ts";

const KEY = ["user", "google-account"];

/** Whether the server can connect Google accounts and whether the user connected theirs. */
export const useGoogleAccount = (enabled: boolean) =>
  useQuery({
    queryKey: KEY,
    queryFn: (): Promise<TGoogleAccount> => unwrap(api.GET("/api/user/google-account")),
    enabled,
  });

/**
 * Goes to Google's consent page; Google returns to the server, which returns here with
 * `export=google_sheets` and `google=connected` (or `failed`) added to this page's address.
 */
export async function connectGoogle(): Promise<void> {
  const back = new URL(window.location.href);
  back.searchParams.delete("google");
  back.searchParams.set("export", "google_sheets");
  const { url } = await unwrap(
    api.GET("/api/user/google-api-login", {
      params: { query: { return_to: `${back.pathname}${back.search}` } },
    }),
  );
  window.location.assign(url);
}

export function useDisconnectGoogle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<TGoogleAccount> => unwrap(api.GET("/api/user/google-account-logout")),
    onSuccess: (status) => client.setQueryData(KEY, status),
  });
}

/**
 * What the way back from Google's consent left in the address: `undefined` when this page was not
 * opened by it, else "connected", "failed" or null. Read once: the address is cleaned so a reload
 * does not repeat it.
 */
export function takeGoogleReturn(): "connected" | "failed" | null | undefined {
  const here = new URL(window.location.href);
  if (here.searchParams.get("export") !== "google_sheets") return undefined;
  const given = here.searchParams.get("google");
  const outcome = given === "connected" || given === "failed" ? given : null;
  here.searchParams.delete("export");
  here.searchParams.delete("google");
  window.history.replaceState(window.history.state, "", `${here.pathname}${here.search}${here.hash}`);
  return outcome;
}
