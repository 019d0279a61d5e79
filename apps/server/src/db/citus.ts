import type { Query } from "./connect.ts";

/**
 * How the schema spreads over Citus nodes, read from the database's catalog: every tenant table
 * (one with a NOT NULL `account_id`) is distributed by `account_id`, all co-located, so one
 * account's rows of every table live on one node; every other table is a reference table, copied
 * to each node. `accounts` is one of those: one small row per account, read by every request and
 * pointed at by global tables (users, the mail outbox), which Citus allows only for a reference
 * table. What Citus would refuse is listed as problems: a key or unique constraint of a tenant
 * table without `account_id` (it could not be enforced across nodes), a foreign key between
 * tenant tables not joined on `account_id`, a reference table pointing at a tenant table.
 */
export interface CitusPlan {
  distributed: string[];
  reference: string[];
  problems: string[];
  /** The statements that distribute the schema, in an order Citus accepts. */
  sql: string;
}

interface Constraint {
  table: string;
  name: string;
  kind: "p" | "u" | "f" | "i";
  columns: string[];
  target: string | null;
  targetColumns: string[] | null;
}

const TABLES = `select c.relname as table,
    exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id'
      and a.attnotnull and not a.attisdropped) as tenant
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`;

const columnNames = (rel: string, keys: string) =>
  `array(select a.attname::text from unnest(${keys}) with ordinality u(num, i)
    join pg_attribute a on a.attrelid = ${rel} and a.attnum = u.num order by u.i)`;

// Keys, unique constraints, foreign keys, and unique indexes no constraint stands behind.
const CONSTRAINTS = `select c.relname as table, k.conname as name, k.contype as kind,
    ${columnNames("k.conrelid", "k.conkey")} as columns,
    t.relname as target, case when k.contype = 'f' then ${columnNames("k.confrelid", "k.confkey")} end as "targetColumns"
  from pg_constraint k join pg_class c on c.oid = k.conrelid
  join pg_namespace n on n.oid = c.relnamespace left join pg_class t on t.oid = k.confrelid
  where n.nspname = 'public' and k.contype in ('p', 'u', 'f')
  union all
  select c.relname, i.relname, 'i', ${columnNames("x.indrelid", "x.indkey::int2[]")}, null, null
  from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
  join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and x.indisunique
    and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
  order by 1, 2`;

export async function citusPlan(query: Query): Promise<CitusPlan> {
  const tables = await query<{ table: string; tenant: boolean }>(TABLES);
  const constraints = await query<Constraint>(CONSTRAINTS);
  const tenant = new Set(tables.filter((t) => t.tenant).map((t) => t.table));
  const problems: string[] = [];
  for (const c of constraints) {
    const own = tenant.has(c.table);
    if (c.kind !== "f") {
      if (own && !c.columns.includes("account_id")) {
        const what = c.kind === "p" ? "primary key" : "unique constraint";
        problems.push(`${c.table}: ${what} ${c.name} (${c.columns.join(", ")}) lacks ${"account_id"}`);
      }
      continue;
    }
    if (!c.target || !tenant.has(c.target)) continue;
    if (!own) {
      problems.push(`${c.table}: reference table with foreign key ${c.name} to tenant table ${c.target}`);
      continue;
    }
    const at = c.columns.indexOf("account_id");
    if (at < 0 || c.targetColumns?.[at] !== "account_id") {
      problems.push(`${c.table}: foreign key ${c.name} to ${c.target} is not joined on the account`);
    }
  }
  const ordered = referencedFirst(
    tables.map((t) => t.table),
    constraints.filter((c) => c.kind === "f"),
  );
  const distributed = ordered.filter((table) => tenant.has(table));
  const reference = ordered.filter((table) => !tenant.has(table));
  const sql = [
    "-- Reference tables first: distributed tables may point at them.",
    ...reference.map((table) => `select create_reference_table('${table}');`),
    "-- Then every tenant table by its account, all co-located: one account's rows share a node.",
    ...distributed.map((table, i) =>
      i === 0
        ? `select create_distributed_table('${table}', 'account_id');`
        : `select create_distributed_table('${table}', 'account_id', colocate_with => '${distributed[0]}');`,
    ),
  ].join("\n");
  return { distributed, reference, problems, sql };
}

/** Tables in an order where each comes after those its foreign keys point at (Citus asks that). */
function referencedFirst(tables: string[], keys: Constraint[]): string[] {
  const placed = new Set<string>();
  const order: string[] = [];
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const key of keys) if (key.table === table && key.target) place(key.target, path);
    placed.add(table);
    order.push(table);
  };
  for (const table of tables) place(table, new Set());
  return order;
}
