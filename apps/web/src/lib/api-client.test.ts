import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The signed-in app reaches the API only through lib/api-client.ts, the one place that knows the
 * bearer header, the time-out, the refresh on token.expired and the logout on other 401s.
 * The respondent's page (src/fill) is a separate, smaller bundle with no sign-in: it posts to
 * the public endpoints itself.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENT = path.join("lib", "api-client.ts");
const RESPONDENT_PAGE = `fill${path.sep}`;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the API client", () => {
  it("is the only module of the app that calls fetch", () => {
    const callers = sources(SRC)
      .map((file) => path.relative(SRC, file))
      .filter((file) => file !== CLIENT && !file.startsWith(RESPONDENT_PAGE))
      .filter((file) => /\bfetch\(/.test(readFileSync(path.join(SRC, file), "utf8")));
    expect(callers).toEqual([]);
  });
});
