import createClient from "openapi-fetch";
import { send } from "./api-client.ts";
import type { paths } from "./api-types.ts";

/**
 * The typed client, generated from the server's OpenAPI document (api-types.ts): paths,
 * parameters, bodies and answers are checked by the compiler. It sends through api-client's
 * `send`, so the bearer header, time-out and refresh are the same as every call's. A module of
 * its own so the pages that use it load it, not the first page.
 */
export const client = createClient<paths>({ baseUrl: "", fetch: (request) => send(request) });

/** A multipart body from an upload's fields (`bodySerializer`): a file goes with its own name. */
export function formData(fields: Record<string, string | Blob>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}
