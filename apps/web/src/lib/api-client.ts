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
  /** Extra request headers, such as If-Match for a save that must not undo another. */
  headers?: Record<string, string>;
  /** The answer is a file, read as a Blob instead of JSON (errors still come as JSON). */
  blob?: boolean;
}

/**
 * Every call of the web app goes through here: bearer header, time-out, JSON. On
 * `token.expired` it refreshes the token and retries once; on any other 401 it logs out.
 */
export async function api<T>(
  method: string,
  url: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<T> {
  const token = session.token();
  let response: Response;
  try {
    response = await fetch(`/api${url}`, {
      method,
      headers: {
        ...(body === undefined || body instanceof FormData ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      // A file upload goes as multipart; everything else as JSON.
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new ApiError(0, {
      code: navigator.onLine ? "server.error" : "network.offline",
      message: "Network error",
    });
  }
  if (response.status === 204) return undefined as T;
  if (response.ok && options.blob) return (await response.blob()) as T;
  const data: unknown = await response.json().catch(() => null);
  if (response.ok) return data as T;

  const error = new ApiError(
    response.status,
    (data as ApiErrorBody | null) ?? { code: "server.error", message: "" },
  );
  if (response.status === 401 && token) {
    if (error.code === "token.expired" && !options.retried) {
      if (await refreshTokens()) return api<T>(method, url, body, { ...options, retried: true });
      // The sign-in itself has run out: say so, rather than dropping the user on the sign-in page.
      if (!options.keepSessionOnUnauthorized) sessionEnded();
    } else if (!options.keepSessionOnUnauthorized) {
      void logout();
    }
  }
  throw error;
}
