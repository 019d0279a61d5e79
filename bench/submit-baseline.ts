// The baseline of bench/submit.bench.ts: an HTTP server that stores each POSTed submission with
// one plain INSERT of the same JSONB row, through the same driver the app uses (pg, or PGlite),
// and answers 201. Whatever the app spends beyond this is the app's own cost.
import { createServer } from "node:http";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

const port = Number(process.env.PORT);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR ?? "";

type Query = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

async function connect(): Promise<Query> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return async (text, params) => (await pool.query(text, params)).rows;
  }
  const client = await PGlite.create(path.join(dataDir, "baseline"));
  return async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
}

const query = await connect();
await query(`create table if not exists baseline_answers (
  id integer generated always as identity primary key,
  form_id integer not null,
  submit_time timestamptz not null default now(),
  answers jsonb not null)`);

const server = createServer((request, response) => {
  if (request.method === "GET") {
    // How many rows are stored, to hold against the 2xx answers the load tool counted.
    void query("select count(*)::int as stored from baseline_answers").then(([row]) =>
      response.end(JSON.stringify(row)),
    );
    return;
  }
  let body = "";
  request.on("data", (chunk: Buffer) => (body += chunk.toString()));
  request.on("end", () => {
    const submission = JSON.parse(body) as { formId: number; answers: unknown };
    query("insert into baseline_answers (form_id, answers) values ($1::int4, $2::text::jsonb) returning id", [
      submission.formId,
      JSON.stringify(submission.answers),
    ]).then(
      ([row]) => {
        response.writeHead(201, { "content-type": "application/json" });
        response.end(JSON.stringify({ id: row?.id }));
      },
      (error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
});
server.listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));
