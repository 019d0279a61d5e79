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
import { SERVER_ROOT } from "../paths.ts";
import { lockDataDirectory } from "./lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * Runs one parameterised statement and returns its rows. A `name` makes it a prepared statement,
 * parsed once per connection and, once PostgreSQL finds a plan that serves any parameters, planned
 * once too: on PostgreSQL unless pooled (see `databasePooled`), and on PGlite, where planning the
 * submission insert cost more than half of what storing one submission did.
 */
export type Query = <Row = Record<string, unknown>>(
  text: string,
  params?: unknown[],
  name?: string,
) => Promise<Row[]>;

/**
 * The driver beneath the ORM, for the few hot paths where building a statement through it costs
 * more than the statement itself (a submission). Parameters are sent as typed by their casts.
 */
export interface RawSql {
  query: Query;
  /** Runs `work` in one transaction on one connection; it commits when `work` resolves. */
  transaction<T>(work: (query: Query) => Promise<T>): Promise<T>;
}

export interface Database {
  db: Db;
  raw: RawSql;
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = path.join(SERVER_ROOT, "drizzle");

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given,
 * otherwise the embedded PGlite in `<dataDir>/pglite`.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /**
   * The URL leads to a pooler in transaction mode (PgBouncer before 1.21): a server connection
   * serves a client for one transaction only, so nothing may live in the session between
   * transactions. The app keeps none anyway (advisory locks are transaction-level, no SET or
   * LISTEN); this switches off its one session-level thing, named prepared statements.
   */
  databasePooled?: boolean;
  /**
   * The embedded database's shared_buffers. The cache's size is half of a start's cost: at PGlite's
   * 128MB a start took 0.35 s of processor time, at 16MB 0.19 s.
   */
  pgliteSharedBuffers?: string | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // A connection lost while idle (PostgreSQL restarted, the network cut it): the pool has dropped
    // it and opens another for the next statement; no statement was on it. Unheard, the pool's
    // error event would end the process.
    pool.on("error", () => undefined);
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
    return { db, raw: postgresRaw(pool, options.databasePooled ?? false), engine: "postgres", close };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const unlock = lockDataDirectory(options.dataDir);
  try {
    const client = await PGlite.create(path.join(options.dataDir, "pglite"), {
      ...(options.pgliteSharedBuffers && {
        startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${options.pgliteSharedBuffers}`],
      }),
    });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      raw: pgliteRaw(client),
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

function postgresRaw(pool: pg.Pool, pooled: boolean): RawSql {
  const on =
    (client: pg.Pool | pg.PoolClient): Query =>
    async <Row>(text: string, params: unknown[] = [], name?: string) =>
      (await client.query({ text, values: params, ...(name && !pooled ? { name } : {}) })).rows as Row[];
  return {
    query: on(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const result = await work(on(client));
        await client.query("commit");
        return result;
      } catch (error) {
        await client.query("rollback").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

function pgliteRaw(client: PGlite): RawSql {
  type Session = Pick<PGlite, "query" | "exec">;
  // PGlite is one session for the life of the process: a statement prepared once stays prepared.
  const prepared = new Map<string, string>();
  const named = async <Row>(session: Session, name: string, text: string, params: unknown[]) => {
    if (!STATEMENT_NAME.test(name)) throw new Error(`not a statement name: ${name}`);
    const known = prepared.get(name);
    if (known !== undefined && known !== text)
      throw new Error(`statement ${name} prepared with another text`);
    if (known === undefined) {
      await session.exec(`prepare ${name} as ${text}`);
      prepared.set(name, text);
    }
    // PGlite takes a prepared statement's parameters in SQL only: each is written as a literal.
    const [result] = await session.exec(`execute ${name}(${params.map(sqlLiteral).join(", ")})`);
    return (result?.rows ?? []) as Row[];
  };
  const on =
    (session: Session): Query =>
    async <Row>(text: string, params: unknown[] = [], name?: string) =>
      name ? named<Row>(session, name, text, params) : (await session.query<Row>(text, params)).rows;
  return {
    query: on(client),
    transaction: (work) => client.transaction((tx) => work(on(tx))),
  };
}

const STATEMENT_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * A parameter as an SQL literal: a string as an escape string (E'…', backslashes and quotes
 * doubled, so it reads back as given whatever standard_conforming_strings says), a number as
 * itself, an array of them as an ARRAY. The literal's type is the prepared statement's.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "string") {
    if (value.includes("\0")) throw new Error("a string parameter holds a NUL character");
    return `E'${value.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;
  }
  if (Array.isArray(value)) return value.length === 0 ? "'{}'" : `ARRAY[${value.map(sqlLiteral).join(", ")}]`;
  throw new Error(`no SQL literal for a ${typeof value} parameter`);
}
