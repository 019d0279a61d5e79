import type { ApiErrorBody } from "@formloom/core/errors";
import { session } from "./session.ts";

/** The spec's API time-out. */
const TIMEOUT_MS = 300_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
  }
  get code(): string {
    return this.body.code;
  }
}

let refreshing: Promise<boolean> | null = null;

/** Trades the refresh token for a new pair; concurrent callers share one attempt. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refresh_token = session.refreshToken();
    if (!refresh_token) return false;
    const response = await fetch("/api/refresh", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token }),
    });
    if (!response.ok) return false;
    session.store(await response.json());
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** How long log out waits for the server to end the sign-in before it reloads anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * The logout routine: ends the sign-in on the server, clears the session and reloads, which the
 * route guard sends to /login. The reload waits for the server's answer, so the refresh token is
 * dead by the time the sign-in page shows; a network that does not answer within a few seconds
 * does not keep anyone signed in here.
 */
export function logout(): Promise<void> {
  return endSignIn(false);
}

/** Log out on every device: every sign-in of the user ends, and their access tokens with it. */
export function logoutEverywhere(): Promise<void> {
  return endSignIn(true);
}

async function endSignIn(everywhere: boolean): Promise<void> {
  const refresh_token = session.refreshToken();
  session.clear();
  if (refresh_token) {
    await fetch("/api/logout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ refresh_token, everywhere }),
      keepalive: true,
      signal: AbortSignal.timeout(LOGOUT_WAIT_MS),
    }).catch(() => undefined);
  }
  window.location.reload();
}

function sessionEnded(): void {
  session.clear();
  const here = `${window.location.pathname}${window.location.search}`;
  window.location.assign(`/session_ended?redirect=${encodeURIComponent(here)}`);
}

export interface CallOptions {
  /** A 401 is thrown to the caller instead of logging out (the submissions poll decides itself). */
  keepSessionOnUnauthorized?: boolean;
  retried?: boolean;
  /** Sent instead of the stored token (a sign-in link's own); a 401 then neither refreshes nor logs out. */
  token?: string;
}

/** A request that never reached the server, as the ApiError the callers read. */
function networkError(): ApiError {
  return new ApiError(0, {
    code: navigator.onLine ? "server.error" : "network.offline",
    message: "Network error",
  });
}

/**
 * Where every request of the web app leaves it: the bearer header, the time-out, a network
 * failure as an ApiError. On `token.expired` it refreshes the token and sends the request again
 * once; on any other 401 it logs out (platform.md §7).
 */
export async function send(request: Request, options: CallOptions = {}): Promise<Response> {
  const token = options.token ?? session.token();
  // Kept for a retry after a refresh: a request's body can be read only once.
  const spare = request.clone();
  const outgoing = new Request(request, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (token) outgoing.headers.set("authorization", `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(outgoing);
  } catch {
    throw networkError();
  }
  if (response.status !== 401 || !token || options.token) return response;
  const code = (
    (await response
      .clone()
      .json()
      .catch(() => null)) as ApiErrorBody | null
  )?.code;
  if (code === "token.expired" && !options.retried) {
    if (await refreshTokens()) return send(spare, { ...options, retried: true });
    // The sign-in itself has run out: say so, rather than dropping the user on the sign-in page.
    if (!options.keepSessionOnUnauthorized) sessionEnded();
  } else if (!options.keepSessionOnUnauthorized) {
    void logout();
  }
  return response;
}

/**
 * A respondent's call from the public form page, with the same bearer header and time-out: the
 * stored token goes along when there is one, so a member filling a form is known, but a 401 is
 * only an answer (filling a form never refreshes a sign-in nor ends one). The body is sent as it
 * is given, so a call made as the page is left (`keepalive`) leaves at once.
 */
export async function sendAsRespondent(url: string, init: RequestInit = {}): Promise<Response> {
  const token = session.token();
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  try {
    return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw networkError();
  }
}

/** A typed call's answer, or its error thrown as the ApiError the pages read. */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw new ApiError(
    response.status,
    (error as ApiErrorBody | undefined) ?? { code: "server.error", message: "" },
  );
}
