import { existsSync } from "node:fs";
import path from "node:path";
import type { TestServer } from "./harness.ts";

/**
 * What the tests of POST /f/:alias share. The page and its errors are drawn by the web app's server
 * renderer, so they need the web app built (`npm run build`), as the server needs it to serve the
 * page at all.
 */
const RENDERER = path.resolve(import.meta.dirname, "../../web/dist-ssr/entry-server.js");

export function assertRendererBuilt(): void {
  if (!existsSync(RENDERER)) throw new Error("Build the web app first: npm run build");
}

/** A page of the results list, as these tests read it. */
export interface StoredPage {
  answerList: Array<{ id: number; answers: Array<{ fieldId: string; answer: unknown }> }>;
  total: number;
}

/** Posts like a browser's form: urlencoded, not following the redirect, with the browser's cookie if given. */
export function postForm(
  server: TestServer,
  body: string | URLSearchParams,
  target: string,
  contentType = "application/x-www-form-urlencoded",
  cookie?: string,
) {
  return fetch(`${server.url}${target}`, {
    method: "POST",
    headers: { "content-type": contentType, ...(cookie ? { cookie } : {}) },
    body: String(body),
    redirect: "manual",
  });
}

/** The hidden inputs of a drawn page, to be sent back with the answers as a browser does. */
export const hiddenInputs = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(
    ([, name, value]) =>
      [name ?? "", (value ?? "").replaceAll("&quot;", '"').replaceAll("&amp;", "&")] as [string, string],
  );
