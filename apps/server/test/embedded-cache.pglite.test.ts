import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/connect.ts";
import { loadSettings, SettingsError } from "../src/settings.ts";
import { freshDatabaseTarget } from "./harness.ts";

const secrets = { JWT_SECRET: "j".repeat(32), SECRET_KEY: "s".repeat(32) };
const opened: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** The shared_buffers of an embedded database opened with the settings `env` gives, as it reports them. */
async function cacheOf(env: Record<string, string>): Promise<string> {
  const target = await freshDatabaseTarget();
  opened.push(target.drop);
  const database = await openDatabase(loadSettings({ ...secrets, DATA_DIR: target.dataDir, ...env }));
  opened.push(database.close);
  const [row] = await database.raw.query<{ shared_buffers: string }>("show shared_buffers");
  return row?.shared_buffers ?? "";
}

describe("the embedded database's cache (PGLITE_SHARED_BUFFERS)", () => {
  it("is PGlite's own 128MB unless set, and the size set otherwise", async () => {
    expect(await cacheOf({})).toBe("128MB");
    expect(await cacheOf({ PGLITE_SHARED_BUFFERS: "16MB" })).toBe("16MB");
    expect(await cacheOf({ PGLITE_SHARED_BUFFERS: "4096kB" })).toBe("4MB");
  });

  it("refuses a value that is not a size, naming the setting", () => {
    for (const value of ["lots", "16", "16 MB", "16mb", "-1MB"])
      expect(() => loadSettings({ ...secrets, PGLITE_SHARED_BUFFERS: value })).toThrow(
        new SettingsError(
          "Invalid settings:\n  PGLITE_SHARED_BUFFERS: PGLITE_SHARED_BUFFERS must be a size such as 16MB (kB, MB or GB)",
        ),
      );
  });
});
