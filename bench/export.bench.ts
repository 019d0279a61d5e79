// npx tsx bench/export.bench.ts — exports N submissions of a 20-field form (BENCH_ROWS, default
// 50,000) in one format (BENCH_FORMAT: xlsx, csv, xls or sav; default xlsx) on PostgreSQL (a fresh
// database on BENCH_DATABASE_URL, default the local test server) or, with BENCH_ENGINE=pglite, on
// the embedded database. Prints rows per second, the file's size and the process's peak memory
// (RSS and heap, sampled every 20 ms) above what it used before the export began. With
// BENCH_MAX_RSS_MB set it fails when the peak growth of RSS passes that figure.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import type { ExportFormat } from "@formloom/core/api/exports";
import { EXPORT_DATA_TYPES } from "@formloom/core/api/exports";
import { sql } from "drizzle-orm";
import { openDatabase } from "../apps/server/src/db/connect.ts";
import { describeForm } from "../apps/server/src/features/exports/source.ts";
import { planColumns, writeExport } from "../apps/server/src/features/exports/writers.ts";
import { dropDatabase, freshDatabase, seedTwentyFieldForm, twentyAnswersSql } from "./twenty-fields.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const FORMAT = (process.env.BENCH_FORMAT ?? "xlsx") as ExportFormat;
const ENGINE = process.env.BENCH_ENGINE === "pglite" ? "pglite" : "postgres";
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const MAX_RSS_MB = process.env.BENCH_MAX_RSS_MB ? Number(process.env.BENCH_MAX_RSS_MB) : undefined;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "formloom-export-bench-"));
  const fresh = ENGINE === "postgres" ? await freshDatabase(ADMIN_URL) : undefined;
  const database = await openDatabase({ databaseUrl: fresh?.url, dataDir });
  try {
    const { db } = database;
    const { account, form } = await seedTwentyFieldForm(db, "Export bench", "x");
    const filled = Date.now();
    for (let from = 1; from <= ROWS; from += 50_000) {
      const to = Math.min(ROWS, from + 49_999);
      await db.execute(
        sql.raw(`insert into form_answers (account_id, form_id, number, submit_time, form_passing_time, answers, device)
          select ${account.id}, ${form.id}, g, now() - (g || ' minutes')::interval, 30 + g % 300, ${twentyAnswersSql()},
            '{"type":"desktop","os":"Linux","browser":"Firefox 140","language":"en","platform":"amd64"}'::jsonb
          from generate_series(${from}, ${to}) g`),
      );
    }
    console.log(`${ENGINE}: ${ROWS} submissions stored in ${((Date.now() - filled) / 1000).toFixed(1)} s`);

    const exportForm = describeForm(form, { level: "all" }, [...EXPORT_DATA_TYPES]);
    const options = {
      format: FORMAT,
      plainText: true,
      tableName: "Export bench",
      linkBase: "",
      timeZone: "UTC",
    };
    const columns = await planColumns(db, exportForm, options);
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    global.gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 20);
    const started = Date.now();
    await writeExport(db, exportForm, columns, options, sink);
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const mb = (value: number) => (value / 1024 / 1024).toFixed(0);
    console.log(
      `${FORMAT} of ${ROWS} submissions × ${columns.length} columns: ${seconds.toFixed(1)} s ` +
        `(${Math.round(ROWS / seconds)} rows/s), ${mb(bytes)} MB written`,
    );
    console.log(
      `memory before: RSS ${mb(base.rss)} MB, heap ${mb(base.heapUsed)} MB; peak: RSS ${mb(peakRss)} MB ` +
        `(+${mb(peakRss - base.rss)}), heap ${mb(peakHeap)} MB (+${mb(peakHeap - base.heapUsed)})`,
    );
    if (MAX_RSS_MB !== undefined && (peakRss - base.rss) / 1024 / 1024 > MAX_RSS_MB) {
      console.error(`peak RSS growth is over ${MAX_RSS_MB} MB`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (fresh) await dropDatabase(ADMIN_URL, fresh.name);
  }
}

await main();
