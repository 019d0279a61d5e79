// Migrating a new database takes seconds (many more on a busy machine), and every test file, and
// every browser test's server, starts from an empty one. So a run migrates one database per engine
// once and each file starts from a copy of it; the migrator then finds nothing to do. On PGlite
// the copy is of a directory; on PostgreSQL, `CREATE DATABASE … TEMPLATE` copies a migrated one.
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { openDatabase } from "../src/db/connect.ts";
import { preferMemoryTmpdir } from "./memory-tmpdir.ts";

/** Where the run's migrated PGlite directory is, for the test processes to copy. */
export const TEMPLATE_VARIABLE = "FORMLOOM_TEST_PGLITE_TEMPLATE";

/**
 * The run's migrated PGlite directory and how to remove it at the end: the one `npm test` made for
 * all its stages (scripts/test.mjs) when there is one, which the stage leaves for it to remove;
 * otherwise one migrated now.
 */
export async function createPgliteTemplate(): Promise<{ directory: string; remove(): void }> {
  const made = process.env[TEMPLATE_VARIABLE];
  if (made && existsSync(made)) return { directory: made, remove: () => undefined };
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

/** Where the run's migrated PostgreSQL database is: its name, on the server of TEST_DATABASE_URL. */
export const POSTGRES_TEMPLATE_VARIABLE = "FORMLOOM_TEST_POSTGRES_TEMPLATE";

/** Runs statements on the server of `adminUrl` over one short connection. */
export async function onServer(adminUrl: string, ...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `adminUrl` with another database name. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Creates and migrates one PostgreSQL database for the run's files to copy; returns its name. */
export async function createPostgresTemplate(
  adminUrl: string,
): Promise<{ name: string; remove(): Promise<void> }> {
  const name = `formloom_template_${randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, `create database ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "formloom-template-"));
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir });
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { name, remove: () => onServer(adminUrl, `drop database if exists ${name} with (force)`) };
}

/** `create database` for one test file: a copy of the run's migrated database when there is one. */
export function createDatabaseStatement(name: string): string {
  const template = process.env[POSTGRES_TEMPLATE_VARIABLE];
  return template ? `create database ${name} template ${template}` : `create database ${name}`;
}

// `node --import tsx apps/server/test/database-template.ts`: migrates the template for a whole
// `npm test` run, whose API and browser tests then copy the same one, and prints its directory.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  preferMemoryTmpdir();
  const { directory } = await createPgliteTemplate();
  process.stdout.write(directory);
}
