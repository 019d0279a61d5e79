import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, expect, it } from "vitest";
import { SERVER_ROOT } from "../src/paths.ts";

const folder = mkdtempSync(path.join(tmpdir(), "formloom-migrations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The migrations as they were up to and including `tag`'s. */
function migrationsUpTo(tag: string): string {
  const journalPath = path.join(folder, "meta", "_journal.json");
  const all = JSON.parse(
    readFileSync(path.join(SERVER_ROOT, "drizzle", "meta", "_journal.json"), "utf8"),
  ) as {
    entries: Array<{ tag: string }>;
  };
  const upTo = all.entries.findIndex((entry) => entry.tag === tag);
  expect(upTo).toBeGreaterThan(-1);
  cpSync(path.join(SERVER_ROOT, "drizzle"), folder, { recursive: true });
  writeFileSync(journalPath, JSON.stringify({ ...all, entries: all.entries.slice(0, upTo + 1) }));
  return folder;
}

it("keeps the views counted per UTC day on that date for readers west and east of UTC", async () => {
  const client = await PGlite.create();
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo("0066_reindex_answers_with_markup") });
    await client.exec(`
      insert into accounts (name, subdomain, type) values ('Views', 'views', 'business');
      insert into forms (account_id, title, alias, is_published, settings, fields) values (1, 'Counted', 'counted', true, '{}', '[]');
      insert into form_view_days (account_id, form_id, day, views) values (1, 1, '2026-11-20', 7);`);
    await migrate(db, { migrationsFolder: path.join(SERVER_ROOT, "drizzle") });
    // Read as the results read them: the hours of one date in the reader's zone.
    for (const zone of ["Pacific/Pago_Pago", "America/Los_Angeles", "UTC", "Europe/Berlin", "Asia/Tokyo"]) {
      const { rows } = await client.query<{ views: number }>(
        `select coalesce(sum(views), 0)::int as views from form_view_hours
         where hour >= ('2026-11-20'::timestamp at time zone $1) and hour < ('2026-11-21'::timestamp at time zone $1)`,
        [zone],
      );
      expect(rows[0]?.views, zone).toBe(7);
    }
  } finally {
    await client.close();
  }
});
