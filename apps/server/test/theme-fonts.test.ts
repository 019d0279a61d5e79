import { FONTS } from "@formloom/core/fonts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("served fonts", () => {
  it("give every font of the choice a stylesheet naming it as a style writes it, with files from here", async () => {
    for (const font of FONTS) {
      const sheet = await fetch(`${server.url}/fonts/${font.id}.css`);
      expect(sheet.status, font.id).toBe(200);
      expect(sheet.headers.get("content-type")).toContain("text/css");
      const css = await sheet.text();
      expect(css).toContain(`font-family: '${font.family}';`);
      const files = [...css.matchAll(/url\((\/fonts\/files\/[^)]+)\)/g)].map((match) => match[1]);
      expect(files.length, font.id).toBeGreaterThan(0);
      // No other origin: the page never asks a font CDN.
      expect(css).not.toMatch(/url\((?!\/fonts\/files\/)/);
    }
  });

  it("send a font file as woff2, cached for good, and only the font's own files", async () => {
    const css = await (await fetch(`${server.url}/fonts/inter.css`)).text();
    const latin = /url\((\/fonts\/files\/inter\/inter-latin-wght-normal\.woff2)\)/.exec(css)?.[1];
    expect(latin).toBeDefined();
    const file = await fetch(`${server.url}${latin}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("font/woff2");
    expect(file.headers.get("cache-control")).toContain("immutable");
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe("wOF2");

    expect((await fetch(`${server.url}/fonts/no-such-font.css`)).status).toBe(404);
    expect((await fetch(`${server.url}/fonts/files/inter/lora-latin-wght-normal.woff2`)).status).toBe(404);
    expect((await fetch(`${server.url}/fonts/files/inter/..%2Fpackage.json`)).status).toBe(400);
  });
});
