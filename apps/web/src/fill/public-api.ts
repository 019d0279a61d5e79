import { sendAsRespondent } from "../lib/api-client.ts";

/**
 * A call of the public form endpoints (`path` under /api) through the app's one client: its
 * time-out and bearer header, as a respondent (a 401 signs nobody out). Only the client's small
 * module comes along, not the typed client, so the page's script stays within its budget.
 */
export function publicApi(path: string, init: RequestInit = {}): Promise<Response> {
  return sendAsRespondent(`/api${path}`, init);
}

/** A JSON body's request options, for the calls that post one. */
export function jsonBody(
  method: string,
  body: unknown,
  extra: { keepalive?: boolean; headers?: Record<string, string> } = {},
): RequestInit {
  return {
    method,
    keepalive: extra.keepalive,
    headers: { "content-type": "application/json", ...extra.headers },
    body: JSON.stringify(body),
  };
}
