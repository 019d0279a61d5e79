// Migrating a new embedded database takes seconds (many more on a busy machine), and every test
// file, and every browser test's server, starts from an empty one. So a run migrates one PGlite
// directory once and each file starts from a copy of it; the migrator then finds nothing to do.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../src/db/connect.ts";

/** Where the run's migrated PGlite directory is, for the test processes to copy. */
export const TEMPLATE_VARIABLE = "FORMLOOM_TEST_PGLITE_TEMPLATE";

/** Migrates a PGlite directory once; returns it and how to remove it at the end of the run. */
export async function createPgliteTemplate(): Promise<{ directory: string; remove(): void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "formloom-template-"));
  const database = await openDatabase({ dataDir });
  await database.close();
  return {
    directory: path.join(dataDir, "pglite"),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Puts a copy of the run's migrated database in `dataDir`, where the server looks for it. */
export function copyPgliteTemplate(dataDir: string): void {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template || !existsSync(template)) return;
  cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
}
