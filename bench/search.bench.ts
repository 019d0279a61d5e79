// npm run bench:search — the global search at scale. On PostgreSQL (a fresh database beside
// TEST_DATABASE_URL, DATABASE_URL or the local test server) it seeds with SQL one account holding
// BENCH_PG_ROWS (default 1,000,000) submissions of a 20-field form, 1,000 forms, 10,000 users and 50
// custom pages; on PGlite the same with BENCH_PGLITE_ROWS (default 100,000) submissions. Then it asks
// 200 mixed searches through the server's own routes (in process, signed in as the account admin),
// half `GET /api/search`, half `GET /api/search/categorized`, and right beside each one sends the
// statements that search ran (the text query and the hits, captured from the driver) straight to the
// database. Prints each engine's p95 (targets: 50 ms PostgreSQL, 150 ms PGlite) and its ratio to the
// statements run by hand (target: at most 1.5). BENCH_ENGINES ("postgres,pglite") picks the engines.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { buildApp } from "../apps/server/src/app.ts";
import { hashPassword } from "../apps/server/src/auth/passwords.ts";
import { type Database, openDatabase } from "../apps/server/src/db/connect.ts";
import { loadSettings } from "../apps/server/src/settings.ts";
import { dropDatabase, freshDatabase, seedTwentyFieldForm } from "./twenty-fields.ts";

const PG_ROWS = Number(process.env.BENCH_PG_ROWS ?? 1_000_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS ?? 100_000);
const ENGINES = (process.env.BENCH_ENGINES ?? "postgres,pglite").split(",");
/** A database an earlier run kept (BENCH_KEEP=1): its searches are timed again without seeding. */
const REUSE = process.env.BENCH_REUSE_PG;
const QUERIES = 200;
const FORMS = 1_000;
const USERS = 10_000;
const PAGES = 50;
const ADMIN_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const FIRST = `(array['Alice','Boris','Carmen','Dmitri','Elena','Farid','Greta','Hugo','Irina','Jonas','Keiko',
  'Liam','Marta','Nikolai','Olga','Pablo','Quentin','Rosa','Stefan','Tamara','Umar','Vera','Walter','Xenia',
  'Yusuf','Zoe','Anton','Bianca','Cyril','Dana','Emil','Frida','Gleb','Hanna','Igor','Julia','Karl','Lena',
  'Mirko','Nadia'])`;
const LAST = `(array['Novak','Petrov','Garcia','Rossi','Schmidt','Kowalski','Dubois','Jensen','Silva','Tanaka',
  'Okafor','Larsen','Moreau','Bianchi','Fischer','Horvat','Ivanova','Lindqvist','Marquez','Nilsen','Oliveira',
  'Popescu','Quinn','Romano','Sokolov','Torres','Varga','Weber','Yilmaz','Zelenko','Abbott','Brennan',
  'Castillo','Delacroix','Esposito','Fontaine','Gallo','Hartmann','Ingram','Janssen','Keller','Lombardi',
  'Mancini','Navarro','Orlov','Pereira','Ricci','Santos','Thorne','Ursu','Valdez','Winter','Xu','Young',
  'Zanetti','Arnold','Baker','Conti','Duarte','Elliott'])`;
const CITIES = `(array['Berlin','Lisbon','Madrid','Rome','Vienna','Prague','Oslo','Krakow','Lyon','Porto',
  'Turin','Bergen','Seville','Graz','Brno','Malmo','Ghent','Riga','Tartu','Split'])`;
const WORDS = `(array['delivery','invoice','refund','support','onboarding','feedback','warehouse','pricing',
  'checkout','training','hiring','classroom','campaign','newsletter','webinar','course','benefits','payroll',
  'shipping','quality'])`;
const FIRST_N = 40;
const LAST_N = 60;

/** A cheap, repeatable spread of a series' `g` over 0..1000002. */
const h = (salt: number) => `((g * ${2654435761 + salt * 97}::bigint) % 1000003)`;

/** The bench's own answers: names, e-mails, cities, codes and a longer story with a rare word. */
function answerValues(): Record<string, { answer: string; text: string }> {
  const name = `${FIRST}[1 + ${h(1)} % ${FIRST_N}] || ' ' || ${LAST}[1 + ${h(2)} % ${LAST_N}]`;
  const email = `lower(${FIRST}[1 + ${h(1)} % ${FIRST_N}] || '.' || ${LAST}[1 + ${h(2)} % ${LAST_N}]) || g || '@mail.example'`;
  const city = `${CITIES}[1 + ${h(3)} % 20]`;
  const code = `'kx' || (${h(4)} % 100000)`;
  const order = `'Order ' || g`;
  const story = `'Our ' || ${WORDS}[1 + ${h(5)} % 20] || ' in ' || ${CITIES}[1 + ${h(6)} % 20]
    || ' went well, though the ' || ${WORDS}[1 + ${h(7)} % 20] || ' took longer than promised. '
    || 'Please call me about zq' || (${h(8)} % 200000) || ' before Friday. '
    || repeat('The team answered every question and the follow-up was clear. ', 3)`;
  const option = (salt: number, count: number) => `'Option ' || (1 + ${h(salt)} % ${count})`;
  const values: Record<string, { answer: string; text: string }> = {
    t0: { answer: `to_jsonb(${name})`, text: name },
    t1: { answer: `to_jsonb(${email})`, text: email },
    t2: { answer: `to_jsonb(${city})`, text: city },
    t3: { answer: `to_jsonb(${code})`, text: code },
    t4: { answer: `to_jsonb(${order})`, text: order },
    story: { answer: `to_jsonb(${story})`, text: story },
    stars: { answer: `to_jsonb(1 + ${h(30)} % 5)`, text: `(1 + ${h(30)} % 5)::text` },
    nps: { answer: `to_jsonb(${h(31)} % 11)`, text: `(${h(31)} % 11)::text` },
    when: {
      answer: `to_jsonb('2026-11-' || lpad((1 + g % 28)::text, 2, '0'))`,
      text: `'2026-11-' || lpad((1 + g % 28)::text, 2, '0')`,
    },
    grid: {
      answer: `jsonb_build_object('q1', 'v' || (1 + ${h(32)} % 3), 'q2', 'v' || (1 + ${h(33)} % 3))`,
      text: `'Food: ' || ${option(32, 3)} || '; Service: ' || ${option(33, 3)}`,
    },
  };
  for (let i = 0; i < 4; i++)
    values[`r${i}`] = { answer: `to_jsonb('v' || (1 + ${h(10 + i)} % 4))`, text: option(10 + i, 4) };
  for (let i = 0; i < 3; i++)
    values[`c${i}`] = {
      answer: `jsonb_build_array('v' || (1 + ${h(20 + i)} % 5), 'v' || (1 + (${h(20 + i)} + 2) % 5))`,
      text: `${option(20 + i, 5)} || ', ' || 'Option ' || (1 + (${h(20 + i)} + 2) % 5)`,
    };
  for (let i = 0; i < 3; i++)
    values[`n${i}`] = { answer: `to_jsonb(${h(40 + i)} % 1000)`, text: `(${h(40 + i)} % 1000)::text` };
  return values;
}

type Run = (text: string, params: unknown[]) => Promise<unknown>;

interface Engine {
  name: "postgres" | "pglite";
  database: Database;
  dataDir: string;
  /** Sends one statement straight to the database, outside the app. */
  byHand: Run;
  close(): Promise<void>;
}

async function openEngine(name: Engine["name"]): Promise<Engine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "formloom-search-bench-"));
  if (name === "postgres" && REUSE) {
    const database = await openDatabase({ databaseUrl: REUSE, dataDir });
    const raw = new pg.Client({ connectionString: REUSE });
    await raw.connect();
    return {
      name,
      database,
      dataDir,
      byHand: (text, params) => raw.query(text, params),
      close: async () => {
        await raw.end();
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (name === "pglite") {
    const database = await openDatabase({ dataDir });
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      name,
      database,
      dataDir,
      byHand: (text, params) => client.query(text, params),
      close: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const { name: dbName, url } = await freshDatabase(ADMIN_URL);
  const database = await openDatabase({ databaseUrl: url, dataDir });
  const raw = new pg.Client({ connectionString: url });
  await raw.connect();
  return {
    name,
    database,
    dataDir,
    byHand: (text, params) => raw.query(text, params),
    close: async () => {
      await raw.end();
      await database.close();
      // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE.
      if (process.env.BENCH_KEEP) console.log(`kept ${url}`);
      else await dropDatabase(ADMIN_URL, dbName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Everything seeded with SQL; the newest 300 submissions are left for the app's own indexer. */
async function seed(engine: Engine, rows: number) {
  const { db } = engine.database;
  const exec = engine.byHand;
  const { account, form } = await seedTwentyFieldForm(
    db,
    "Search bench",
    await hashPassword("bench-password-1"),
  );
  const acc = account.id;
  const started = performance.now();
  const values = answerValues();
  const fieldIds = Object.keys(values);
  const answers = `jsonb_build_array(${fieldIds
    .map((id) => `jsonb_build_object('fieldId', '${id}', 'formulaName', '', 'answer', ${values[id]!.answer})`)
    .join(", ")})`;
  const texts = `jsonb_build_object(${fieldIds.map((id) => `'${id}', ${values[id]!.text}`).join(", ")})`;
  const body = fieldIds.map((id) => values[id]!.text).join(` || E'\\n' || `);
  const indexedUpTo = rows - 300;
  for (let from = 1; from <= rows; from += 50_000) {
    const to = Math.min(rows, from + 49_999);
    await exec(
      `with ins as (
         insert into form_answers (account_id, form_id, number, submit_time, form_passing_time, answers, device, search_indexed)
         select ${acc}, ${form.id}, g, timestamptz '2026-11-20 00:00Z' - ((${rows} - g) * 37 || ' seconds')::interval,
                60 + g % 900, ${answers}, '{"type": "desktop"}'::jsonb, g <= ${indexedUpTo}
           from generate_series(${from}, ${to}) g
         returning id, number, submit_time, search_indexed)
       insert into answer_search (account_id, answer_id, form_id, submit_time, texts, body, language)
       select ${acc}, ins.id, ${form.id}, ins.submit_time, ${texts}, ${body}, 'english'::regconfig
         from ins, lateral (select ins.number as g) s
        where ins.search_indexed`,
      [],
    );
  }
  await exec(
    `insert into forms (account_id, creator_id, title, alias, is_published, settings, fields)
     select f.account_id, f.creator_id, t.title, 'bench-form-' || g, true,
            jsonb_build_object('title', t.title, 'description', 'About ' || lower(t.title) || ' in ' || ${CITIES}[1 + g % 20]),
            '[]'::jsonb
       from forms f, generate_series(2, ${FORMS}) g,
            lateral (select initcap(${WORDS}[1 + g % 20]) || ' ' || ${WORDS}[1 + (g / 20) % 20] || ' survey ' || g as title) t
      where f.id = ${form.id}`,
    [],
  );
  const hash = await hashPassword("user-password-1");
  await exec(
    `insert into users (account_id, username, email, password_hash, first_name, last_name, created_at)
     select ${acc}, 'user' || g, lower(${FIRST}[1 + g % ${FIRST_N}] || '.' || ${LAST}[1 + (g / ${FIRST_N}) % ${LAST_N}])
              || g || '@team' || (g % 10) || '.example',
            $1, ${FIRST}[1 + g % ${FIRST_N}], ${LAST}[1 + (g / ${FIRST_N}) % ${LAST_N}],
            timestamptz '2026-01-01 00:00Z' + (g || ' minutes')::interval
       from generate_series(1, ${USERS}) g`,
    [hash],
  );
  await exec(
    `insert into custom_pages (account_id, title, alias, body, is_published)
     select ${acc}, 'How we handle ' || ${WORDS}[1 + g % 20] || ' ' || g, 'help-' || g,
            '<p>Our guide to ' || ${WORDS}[1 + g % 20] || ' and ' || ${WORDS}[1 + (g + 7) % 20]
              || ' for teams in ' || ${CITIES}[1 + g % 20] || '.</p>', true
       from generate_series(1, ${PAGES}) g`,
    [],
  );
  await exec("vacuum analyze", []);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(
    `${engine.name}: seeded ${rows.toLocaleString("en")} submissions, ${FORMS} forms, ${USERS} users in ${seconds} s`,
  );
}

/** 200 searches a team asks: rare words in long answers, codes, names, e-mail beginnings, form titles, pages. */
function mixedQueries(): string[] {
  const first = ["Alice", "Boris", "Carmen", "Elena", "Hugo", "Irina", "Marta", "Olga", "Stefan", "Vera"];
  const last = ["Novak", "Petrov", "Garcia", "Rossi", "Schmidt", "Tanaka", "Larsen", "Moreau", "Weber", "Xu"];
  const words = ["delivery", "invoice", "refund", "onboarding", "feedback", "payroll", "webinar", "checkout"];
  const queries: string[] = [];
  for (let i = 0; queries.length < QUERIES; i++) {
    const a = first[i % first.length]!;
    const b = last[(i * 7) % last.length]!;
    const w = words[i % words.length]!;
    const kind = i % 8;
    if (kind === 0 || kind === 1) queries.push(`zq${(i * 7919) % 200000}`);
    else if (kind === 2) queries.push(`kx${(i * 104729) % 100000}`);
    else if (kind === 3) queries.push(`${a} ${b}`);
    else if (kind === 4) queries.push(`${a.toLowerCase()}.${b.slice(0, 3).toLowerCase()}`);
    else if (kind === 5) queries.push(`${w} survey ${1 + ((i * 37) % FORMS)}`);
    else if (kind === 6) queries.push(`"order ${1 + ((i * 4099) % 90_000)}"`);
    else queries.push(`guide ${w} ${words[(i + 3) % words.length]}`);
  }
  return queries;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

/** Records the statements a search sends to the database (the driver beneath the ORM). */
function captureStatements(engine: Engine) {
  let recording: { text: string; params: unknown[] }[] | null = null;
  const record = (query: unknown, params: unknown) => {
    const text = typeof query === "string" ? query : (query as { text: string }).text;
    recording?.push({ text, params: Array.isArray(params) ? params : [] });
  };
  if (engine.name === "postgres") {
    // Every connection of the pool, transactions' included, is a pg.Client.
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      record(args[0], args[1]);
      return original.apply(this, args);
    };
  } else {
    const client = (engine.database.db as unknown as { $client: PGlite }).$client;
    const query = client.query.bind(client);
    client.query = ((text: string, params?: unknown[], options?: object) => {
      record(text, params);
      return query(text, params, options);
    }) as PGlite["query"];
    const transaction = client.transaction.bind(client);
    client.transaction = ((work: Parameters<PGlite["transaction"]>[0]) =>
      transaction((tx) => {
        const inner = tx.query.bind(tx);
        tx.query = ((text: string, params?: unknown[], options?: object) => {
          record(text, params);
          return inner(text, params, options);
        }) as typeof tx.query;
        return work(tx);
      })) as PGlite["transaction"];
  }
  return {
    async during(work: () => Promise<void>) {
      recording = [];
      await work();
      const statements = recording;
      recording = null;
      // The search's own statements: the text query, the answers still to index, the hits (in
      // their transaction). The sign-in, permission and form reads before them are what every
      // call pays.
      return statements.filter(
        (statement) =>
          /tsquery|search_indexed|^\s*(begin|commit|set local)/i.test(statement.text) &&
          !/^\s*update/i.test(statement.text),
      );
    },
  };
}

async function benchEngine(name: Engine["name"], rows: number, target: number) {
  const engine = await openEngine(name);
  try {
    if (!(name === "postgres" && REUSE)) await seed(engine, rows);
    const settings = loadSettings({ DATA_DIR: engine.dataDir, LOG_LEVEL: "silent", SEED_DEMO: "false" });
    const app = await buildApp(settings, engine.database);
    await app.ready();
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "bench", password: "bench-password-1" },
    });
    const token = (login.json() as { token: string }).token;
    const capture = captureStatements(engine);
    const ask = async (url: string) => {
      const response = await app.inject({
        method: "GET",
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200) throw new Error(`${url} → ${response.statusCode} ${response.body}`);
      return response.json() as { count: number };
    };
    const urlOf = (text: string, i: number) =>
      i % 2 === 0
        ? `/api/search?request=${encodeURIComponent(text)}&pageSize=20`
        : `/api/search/categorized?request=${encodeURIComponent(text)}`;
    // The first search indexes the 300 submissions left to the app; a few more warm the caches.
    const queries = mixedQueries();
    for (const [i, text] of queries.slice(0, 20).entries()) await ask(urlOf(text, i));

    const ours: number[] = [];
    const hand: number[] = [];
    const ratios: number[] = [];
    let found = 0;
    for (const [i, text] of queries.entries()) {
      const url = urlOf(text, i);
      let api = 0;
      let count = 0;
      const statements = await capture.during(async () => {
        const start = performance.now();
        count = (await ask(url)).count;
        api = performance.now() - start;
      });
      const start = performance.now();
      for (const statement of statements) await engine.byHand(statement.text, statement.params);
      const byHand = performance.now() - start;
      if (count > 0) found++;
      ours.push(api);
      hand.push(byHand);
      ratios.push(api / byHand);
    }
    const p95 = percentile(ours, 95);
    const handP95 = percentile(hand, 95);
    console.log(
      `${name}: ${rows.toLocaleString("en")} submissions, ${QUERIES} searches (${found} with hits): ` +
        `p50 ${percentile(ours, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target ${target} ms) ` +
        `${p95 < target ? "met" : "MISSED"}; by hand p50 ${percentile(hand, 50).toFixed(1)} ms, ` +
        `p95 ${handP95.toFixed(1)} ms; ratio of p95s ${(p95 / handP95).toFixed(2)}, ` +
        `median ratio ${percentile(ratios, 50).toFixed(2)} (target 1.5)`,
    );
    const slowest = queries
      .map((text, i) => ({ text, api: ours[i]!, hand: hand[i]! }))
      .sort((a, b) => b.api - a.api)
      .slice(0, 5);
    for (const { text, api, hand: byHand } of slowest)
      console.log(`  slowest: ${JSON.stringify(text)} ${api.toFixed(1)} ms, by hand ${byHand.toFixed(1)} ms`);
    await app.close();
  } finally {
    await engine.close();
  }
}

async function main() {
  if (ENGINES.includes("postgres")) await benchEngine("postgres", PG_ROWS, 50);
  if (ENGINES.includes("pglite")) await benchEngine("pglite", PGLITE_ROWS, 150);
}

await main();
