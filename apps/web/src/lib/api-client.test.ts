import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendAsRespondent } from "./api-client.ts";

/**
 * The signed-in app reaches the API only through lib/api-client.ts, the one place that knows the
 * bearer header, the time-out, the refresh on token.expired and the logout on other 401s. The
 * respondent's page (src/fill) too: it sends through the same `send`, as a respondent.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLIENT = path.join("lib", "api-client.ts");

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
      .filter((file) => file !== CLIENT)
      .filter((file) => /\bfetch\s*\(/.test(readFileSync(path.join(SRC, file), "utf8")));
    expect(callers).toEqual([]);
  });

  it("offers no hand-written request of the signed-in app's own: its calls are the typed client's", async () => {
    const offered = Object.keys(await import("./api-client.ts")).sort();
    expect(offered).toEqual(["ApiError", "logout", "logoutEverywhere", "send", "sendAsRespondent", "unwrap"]);
    const builders = sources(SRC)
      .map((file) => path.relative(SRC, file))
      .filter((file) => file !== CLIENT)
      .filter((file) => /\bnew Request\s*\(/.test(readFileSync(path.join(SRC, file), "utf8")));
    expect(builders).toEqual([]);
  });
});

describe("a respondent's call", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubBrowser(storage: Pick<Storage, "getItem" | "setItem" | "removeItem">) {
    const sent: string[] = [];
    const leave = vi.fn();
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("navigator", { onLine: true });
    vi.stubGlobal("window", { location: { assign: leave, reload: leave, pathname: "/f/abc", search: "" } });
    vi.stubGlobal("fetch", async (input: Request | string, init?: RequestInit) => {
      const request = new Request(
        typeof input === "string" && input.startsWith("/") ? `http://app${input}` : input,
        init,
      );
      sent.push(`${new URL(request.url).pathname} ${request.headers.get("authorization") ?? "-"}`);
      return Response.json({ code: "token.expired", message: "expired" }, { status: 401 });
    });
    return { sent, leave };
  }

  it("carries the member's token, and a 401 neither refreshes nor ends the sign-in", async () => {
    const stored = new Map([
      ["formloom.token", "member-token"],
      ["formloom.refresh_token", "member-refresh"],
    ]);
    const { sent, leave } = stubBrowser({
      getItem: (key) => stored.get(key) ?? null,
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    });
    const response = await sendAsRespondent("http://app/api/forms/start", { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
    expect(sent).toEqual(["/api/forms/start Bearer member-token"]);
    expect(stored.get("formloom.token")).toBe("member-token");
    expect(leave).not.toHaveBeenCalled();
  });

  it("goes without a token where the browser forbids storage to an embedded page", async () => {
    const forbidden = () => {
      throw new DOMException("blocked", "SecurityError");
    };
    const { sent } = stubBrowser({ getItem: forbidden, setItem: forbidden, removeItem: forbidden });
    await sendAsRespondent("http://app/api/forms/path/abc");
    expect(sent).toEqual(["/api/forms/path/abc -"]);
  });
});
