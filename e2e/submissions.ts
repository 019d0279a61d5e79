import type { Page, Request } from "playwright-core";

/** A submission the page posts (POST /api/forms/answer, whatever its query). */
export const isSubmission = (request: Request) =>
  request.method() === "POST" && new URL(request.url()).pathname === "/api/forms/answer";

/** The bodies of the submissions the page posts from now on. */
export function sentSubmissions(page: Page): Array<Record<string, unknown>> {
  const bodies: Array<Record<string, unknown>> = [];
  page.on("request", (request) => {
    if (isSubmission(request)) bodies.push(request.postDataJSON() as Record<string, unknown>);
  });
  return bodies;
}
