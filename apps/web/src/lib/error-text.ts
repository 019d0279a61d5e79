import { errorHelper } from "@formloom/core/errors";
import { messageText } from "../i18n/i18n.ts";
import { ApiError } from "./api-client.ts";

/**
 * What to tell the user about a failed call, translated: its first field's problem when it names
 * one (core's error helper), else the server's code.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const said = errorHelper(error.body);
    return messageText(said === "default" ? error.code : said);
  }
  return messageText("server.error");
}

/** Field-level messages of a 400/409 response, keyed by field path, for form inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const item of error.body.validationErrors ?? []) out[item.field] ??= messageText(item.code);
  return out;
}

/** Field-level messages of a failed zod check of a form's values (the schema's messages are codes). */
export function issueErrors(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0])] ??= messageText(issue.message);
  return out;
}
