import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase, sqlLiteral } from "../src/db/connect.ts";
import { freshDatabaseTarget } from "./harness.ts";

let target: Awaited<ReturnType<typeof freshDatabaseTarget>>;
let database: Database;
beforeAll(async () => {
  target = await freshDatabaseTarget();
  database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
});
afterAll(async () => {
  await database.close();
  await target.drop();
});

const ECHO = "select $1::text as text, $2::int4 as number, $3::text[] as list, $4::bool as flag";
/** Texts a respondent may send, and the ones that would break a literal written carelessly. */
const AWKWARD = [
  "",
  "it's",
  "''",
  "back\\slash",
  "\\'",
  "E'x'",
  "line\nbreak\ttab",
  "'); drop table form_answers; --",
  "Ёлка, 雪, emoji 🎉, RTL עברית",
  JSON.stringify({ answer: "say \"hi\" \\ 'there'" }),
];

describe("named statements", () => {
  it("read back every parameter as given, on the database's first use and after", async () => {
    for (const text of AWKWARD) {
      for (let use = 0; use < 7; use++) {
        const [named] = await database.raw.query(
          ECHO,
          [text, use - 3, [text, "a,b", "{}"], use % 2 === 0],
          "echo",
        );
        expect(named).toEqual({ text, number: use - 3, list: [text, "a,b", "{}"], flag: use % 2 === 0 });
      }
    }
    const [empty] = await database.raw.query(ECHO, [null, null, [], null], "echo");
    expect(empty).toEqual({ text: null, number: null, list: [], flag: null });
  });

  it("stay usable after a transaction that prepared one is rolled back", async () => {
    const failing = database.raw.transaction(async (query) => {
      await query("select $1::int4 + 1 as n", [1], "plus_one");
      throw new Error("rolled back");
    });
    await expect(failing).rejects.toThrow("rolled back");
    const [row] = await database.raw.query<{ n: number }>("select $1::int4 + 1 as n", [41], "plus_one");
    expect(row).toEqual({ n: 42 });
    const [inside] = await database.raw.transaction((query) =>
      query<{ n: number }>("select $1::int4 + 1 as n", [1], "plus_one"),
    );
    expect(inside).toEqual({ n: 2 });
  });

  it("fail with the database's own error code, as unnamed statements do", async () => {
    await database.raw.query("create table if not exists named_once (key text primary key)");
    await database.raw.query("insert into named_once values ($1)", ["k"], "named_once_insert");
    const again = database.raw.query("insert into named_once values ($1)", ["k"], "named_once_insert");
    await expect(again).rejects.toMatchObject({ code: "23505" });
  });
});

describe("a parameter written as an SQL literal (PGlite's prepared statements)", () => {
  it("refuses what it cannot write faithfully", () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral("a\0b")).toThrow();
    expect(() => sqlLiteral({ a: 1 })).toThrow();
    expect(sqlLiteral("it's \\ fine")).toBe("E'it''s \\\\ fine'");
  });
});
