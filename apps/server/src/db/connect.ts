import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDirectory } from "./lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given,
 * otherwise the embedded PGlite in `<dataDir>/pglite`.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // `pool.end()` resolves before the sockets have closed; closing waits for them too, so a
    // caller that drops or restarts the database next finds no connection of ours still open.
    const open = new Set<pg.Client>();
    pool.on("connect", (client) => {
      open.add(client);
      client.once("end", () => open.delete(client));
    });
    const db = drizzleNodePg(pool, { schema });
    await migrateNodePg(db, { migrationsFolder });
    const close = async () => {
      const closing = [...open].map((client) => new Promise((resolve) => client.once("end", resolve)));
      await pool.end();
      await Promise.all(closing);
    };
    return { db, engine: "postgres", close };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const unlock = lockDataDirectory(options.dataDir);
  try {
    const client = await PGlite.create(path.join(options.dataDir, "pglite"));
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      engine: "pglite",
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
