// npm run bench:scale-out — submissions per second at 64 connections through nginx to 1, 2 and 3
// API processes (RUN_WORKERS=false, with 2 worker processes) on one PostgreSQL database
// (scripts/topology.ts), beside the plain one-INSERT-per-request baseline of the same run
// (bench/submit-baseline.ts), each count twice (1, 2, 3, 3, 2, 1) and judged on the mean. The load
// names its form in the address, as the public page does, and nginx sends one form's submissions to
// one process (README, Running at scale). Then, with 3 API processes, SIGKILL of the API process
// serving the form and of one worker mid-run: every acknowledged submission is looked up by its id,
// and every webhook delivery of the run must reach the receiver. On two cores the gain is small:
// the point is that nothing breaks and the rate does not fall. Each row also gives the processor time per request of
// the API processes, of PostgreSQL and of the rest (nginx, the workers, the load), read from /proc:
// with both cores busy the rate is bound by their sum. BENCH_SECONDS (default 15) sets each run's length;
// BENCH_DATABASE_URL (default the local test server) the PostgreSQL to create databases on.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import pg from "pg";
import { useServerBundle } from "../apps/server/test/process.ts";
import { freePort, respondents, startTopology, type Topology } from "../scripts/topology.ts";
import { call, formOfNewAccount, load } from "./bench-client.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CONNECTIONS = 64;
const WARM_UP_SECONDS = Math.min(5, SECONDS);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const FIELDS = [
  { id: "name", fieldType: "text", question: "Your name", isRequired: true },
  { id: "story", fieldType: "textarea", question: "Tell us more" },
  { id: "stars", fieldType: "rate", question: "Rating", fieldSettings: { maxRating: 5 } },
];
const ANSWERS = [
  { fieldId: "name", answer: "Ada Lovelace" },
  { fieldId: "story", answer: "The analytical engine weaves algebraic patterns just as the loom weaves." },
  { fieldId: "stars", answer: 4 },
];

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `formloom_scale_${randomBytes(4).toString("hex")}`;
  await onAdmin((admin) => admin.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      onAdmin((admin) => admin.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** An account and a form, made through the balancer, with a webhook when given; returns the form's id. */
async function prepareForm(url: string, webhook?: string) {
  const { formId, token } = await formOfNewAccount(url, FIELDS);
  if (webhook) {
    await call(`${url}/api/forms/${formId}/webhooks`, "POST", { title: "Bench", endpoint: webhook }, token);
  }
  return formId;
}

async function baseline(databaseUrl: string) {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "submit-baseline.ts"], {
    cwd: import.meta.dirname,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) =>
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("baseline listening") && resolve()),
  );
  try {
    const url = `http://127.0.0.1:${port}`;
    const body = JSON.stringify({ formId: 1, answers: ANSWERS });
    await load(url, body, CONNECTIONS, WARM_UP_SECONDS);
    return await load(url, body, CONNECTIONS, SECONDS);
  } finally {
    child.kill("SIGTERM");
  }
}

/**
 * Processor seconds each part of the machine has used so far, read from /proc: the API processes,
 * the workers, every PostgreSQL process, nginx, and this process (the load). Per request, they
 * show where a run's processor time went: on two cores, the rate is bound by their sum.
 */
function processorTime(topology: Topology) {
  const ticks = (pid: number) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return 0;
    }
  };
  const named = (prefix: string) =>
    readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, "utf8").startsWith(prefix);
        } catch {
          return false;
        }
      })
      .reduce((sum, pid) => sum + ticks(Number(pid)), 0);
  const own = process.cpuUsage();
  return {
    api: topology.apis.reduce((sum, api) => sum + ticks(api.child.pid!), 0),
    workers: topology.workers.reduce((sum, worker) => sum + ticks(worker.child.pid!), 0),
    postgres: named("postgres"),
    nginx: named("nginx"),
    load: (own.user + own.system) / 1e6,
  };
}

async function throughput(apis: number) {
  const database = await freshDatabase();
  const topology = await startTopology({ databaseUrl: database.url, apis });
  try {
    const formId = await prepareForm(topology.url);
    // The form named in the address, as the public page does: nginx sends its submissions to one process.
    const url = `${topology.url}/api/forms/answer?form=${formId}`;
    const body = JSON.stringify({ formId, answers: ANSWERS });
    // A warm-up first, as bench:submit does: each process compiles its hot paths for itself, and
    // a long-running server has done so long before; measured cold, three processes would show
    // three compilations against one's.
    await load(url, body, CONNECTIONS, WARM_UP_SECONDS);
    const before = processorTime(topology);
    const run = await load(url, body, CONNECTIONS, SECONDS);
    const after = processorTime(topology);
    const requests = Math.max(1, run.rps * SECONDS);
    const perRequest = (part: keyof typeof after) => ((after[part] - before[part]) * 1000) / requests;
    return {
      ...run,
      api: perRequest("api"),
      postgres: perRequest("postgres"),
      rest: perRequest("nginx") + perRequest("workers") + perRequest("load"),
    };
  } finally {
    await topology.stop();
    await database.drop();
  }
}

async function killMidRun() {
  const hooks = new Map<string, number>();
  const receiver = createServer((req, res) => {
    const id = String(req.headers["webhook-id"]);
    hooks.set(id, (hooks.get(id) ?? 0) + 1);
    req.resume();
    req.on("end", () => res.writeHead(200).end("ok"));
  });
  const hookPort = await freePort();
  await new Promise<void>((resolve) => receiver.listen(hookPort, "127.0.0.1", resolve));
  const database = await freshDatabase();
  let topology: Topology | undefined;
  try {
    topology = await startTopology({
      databaseUrl: database.url,
      env: { WEBHOOK_ALLOW_HOSTS: "127.0.0.1", WEBHOOK_POLL_MS: "100" },
      logRoutes: true,
    });
    const formId = await prepareForm(topology.url, `http://127.0.0.1:${hookPort}/hook`);
    // The API process killed is the one the form's submissions go to (nginx hashes on the form).
    const probe = await call<{ id: number }>(`${topology.url}/api/forms/answer?form=${formId}`, "POST", {
      formId,
      answers: ANSWERS,
    });
    const api = topology.apiServing(formId);
    if (!api) throw new Error(`no API process served form ${formId}:\n${topology.logs()}`);
    const started = Date.now();
    const killAt = started + (SECONDS * 1000) / 2;
    const victims = [api, topology.workers[0]!];
    const killer = setTimeout(() => {
      for (const victim of victims) victim.child.kill("SIGKILL");
    }, killAt - started);
    const { acknowledged, failedTries } = await respondents(topology.url, {
      count: CONNECTIONS,
      body: { formId, answers: ANSWERS },
      until: () => Date.now() > started + SECONDS * 1000,
    });
    clearTimeout(killer);
    const ids = [probe.id, ...acknowledged.values()];
    const lost = await onAdmin(async (client) => {
      let missing = 0;
      for (const id of ids) {
        const found = await client.query("select 1 from form_answers where id = $1", [id]);
        if (found.rowCount !== 1) missing++;
      }
      return missing;
    }, database.url);
    const stored = await onAdmin(
      async (client) =>
        (await client.query("select count(*)::int as n from form_answers")).rows[0].n as number,
      database.url,
    );
    // The surviving worker takes over the deliveries the killed one held, once their lease ends.
    const deadline = Date.now() + 120_000;
    let pending = 1;
    while (pending > 0 && Date.now() < deadline) {
      pending = await onAdmin(
        async (client) =>
          (await client.query("select count(*)::int as n from webhook_deliveries where state <> 'done'"))
            .rows[0].n as number,
        database.url,
      );
      if (pending > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const twice = [...hooks.values()].filter((count) => count > 1).length;
    console.log(
      `\nSIGKILL of ${victims.map((victim) => victim.name).join(" and ")} at ${SECONDS / 2} s of ${SECONDS} s, 3 API processes:` +
        `\n  acknowledged ${ids.length} (distinct ids ${new Set(ids).size}), stored ${stored}, ` +
        `lost ${lost} (each id looked up); failed tries sent again ${failedTries}` +
        `\n  webhook deliveries: ${hooks.size} events received for ${stored} submissions, ${pending} not done, ` +
        `${twice} received twice (a delivery under way when its worker died is sent again: receivers dedupe by webhook-id)`,
    );
    return lost === 0 && stored === new Set(ids).size && pending === 0 && hooks.size === stored;
  } finally {
    await topology?.stop();
    await database.drop();
    receiver.close();
  }
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

// The processes run the server's bundle, as production does (and as bench:submit's app does), not
// its sources compiled on the way.
useServerBundle();
const base = await (async () => {
  const database = await freshDatabase();
  try {
    return await baseline(database.url);
  } finally {
    await database.drop();
  }
})();
console.log(
  `\nPostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each, through nginx (scripts/topology.ts)`,
);
console.log(
  "API processes | app req/s | p99 ms | errors | app / plain INSERT baseline | processor ms per request: API, PostgreSQL, the rest",
);
console.log(
  `baseline      | ${fmt(base.rps).padStart(9)} | ${String(base.p99).padStart(6)} | ${String(base.errors).padStart(6)} |`,
);
// Each topology twice, in the order 1, 2, 3, 3, 2, 1: the machine's speed drifts over a run (other
// work on the host), and a drift that is steady over the run then weighs on every count alike.
const ORDER = [1, 2, 3, 3, 2, 1];
const runs = new Map<number, Array<Awaited<ReturnType<typeof throughput>>>>();
for (const apis of ORDER) {
  const run = await throughput(apis);
  runs.set(apis, [...(runs.get(apis) ?? []), run]);
  console.log(
    `${String(apis).padStart(13)} | ${fmt(run.rps).padStart(9)} | ${String(run.p99).padStart(6)} | ${String(run.errors).padStart(6)} | ${`${fmt(run.rps / base.rps, 2)}×`.padStart(27)} | ${[run.api, run.postgres, run.rest].map((ms) => fmt(ms, 3)).join(", ")}`,
  );
}
const mean = (apis: number) => {
  const of = runs.get(apis) ?? [];
  return of.reduce((sum, run) => sum + run.rps, 0) / Math.max(1, of.length);
};
console.log(
  `\nmean of the two runs: ${[1, 2, 3].map((apis) => `${apis} API ${fmt(mean(apis))} req/s (${fmt(mean(apis) / base.rps, 2)}×)`).join(", ")}`,
);
const held = await killMidRun();
const notFalling = mean(3) >= mean(1) * 0.9;
console.log(
  `\nthroughput with 3 processes ${notFalling ? "does not fall" : "FALLS"} against 1 (${fmt(mean(3) / mean(1), 2)}×); after the kill: ${held ? "nothing lost" : "LOST OR UNFINISHED WORK"}`,
);
process.exit(held && notFalling ? 0 : 1);
