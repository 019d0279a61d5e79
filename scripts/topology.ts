// Several Formloom processes on one machine, as in production past one process: nginx balancing
// API processes (RUN_WORKERS=false), separate worker processes, all on one PostgreSQL database,
// optionally through PgBouncer in transaction mode. Tests and benchmarks start it; it stops
// everything it started. From a shell:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/formloom npx tsx scripts/topology.ts [--pooled]
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverArguments } from "../apps/server/test/process.ts";

const serverDir = path.resolve(import.meta.dirname, "../apps/server");

export interface TopologyOptions {
  /** The database the processes share, reached directly. */
  databaseUrl: string;
  apis?: number;
  workers?: number;
  /** Put PgBouncer (transaction pooling) between the processes and PostgreSQL. */
  pooled?: boolean;
  /** More settings for every process (poll intervals, allowed webhook hosts, …). */
  env?: Record<string, string>;
  /** nginx logs which API process each request went to (Topology.routes). */
  logRoutes?: boolean;
}

export interface TopologyProcess {
  name: string;
  child: ChildProcess;
  /** The API process's own address (unset for a worker). */
  url?: string;
  output(): string;
}

export interface Topology {
  /** nginx: the address clients use. */
  url: string;
  apis: TopologyProcess[];
  workers: TopologyProcess[];
  /** What the processes connect to: PgBouncer's address when pooled, else the database's. */
  appDatabaseUrl: string;
  /** nginx's and PgBouncer's logs, for a failure's message. */
  logs(): string;
  /** With `logRoutes`: each request so far, its `form` query parameter and the API process's address. */
  routes(): Array<{ form: string; upstream: string }>;
  /** With `logRoutes`: the API process the requests naming this form went to (after one has). */
  apiServing(formId: number): TopologyProcess | undefined;
  stop(): Promise<void>;
}

/** The program a topology needs, or an error saying how to install it: tests fail, never skip. */
export function requireProgram(name: "nginx" | "pgbouncer"): string {
  for (const dir of ["/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin"]) {
    const candidate = path.join(dir, name);
    if (spawnSync(candidate, ["-V"], { stdio: "ignore" }).error === undefined) return candidate;
  }
  throw new Error(`${name} is not installed: the topology needs Debian's ${name} (apt-get install ${name})`);
}

export async function freePort(): Promise<number> {
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * 22_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Starts a program and resolves once its output shows `ready` (or at once without one). */
function launch(
  name: string,
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; ready?: string },
): Promise<TopologyProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const proc: TopologyProcess = { name, child, output: () => output };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.ready && output.includes(options.ready)) resolve(proc);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      reject(new Error(`${name} ended (${code ?? signal}) before it was ready:\n${output}`)),
    );
    if (!options.ready) resolve(proc);
  });
}

/** Waits until something accepts connections on the port. */
async function listening(port: number, what: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
      socket.connect(port, "127.0.0.1");
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}:\n${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function nginxConfig(dir: string, port: number, upstreams: number[], logRoutes: boolean): string {
  const runAs = process.getuid?.() === 0 ? "user root;\n" : "";
  const routeLog = logRoutes
    ? `log_format routes '$arg_form $upstream_addr';\n  access_log ${dir}/routes.log routes;`
    : "access_log off;";
  return `${runAs}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 4096; }
http {
  ${routeLog}
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 64m;
  # One form's submissions go to one process (the public page names the form in the address:
  # POST /api/forms/answer?form=ID), whose group commit then stores them together instead of
  # several processes queueing on the form's counter row; anything else goes anywhere.
  map $arg_form $formloom_route {
    "" $request_id;
    default $arg_form;
  }
  upstream formloom {
    hash $formloom_route consistent;
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://formloom;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that is gone (refused or reset before an answer) is passed over; a request it may
      # have taken is not sent again unless it is idempotent, as nginx does by default.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      proxy_read_timeout 120s;
    }
  }
}
`;
}

function pgbouncerConfig(dir: string, port: number, database: URL): string {
  return `[databases]
* = host=${database.hostname} port=${database.port || 5432}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/users.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
ignore_startup_parameters = extra_float_digits,options
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`;
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

const logsOf = (dir: string) =>
  ["nginx-error.log", "pgbouncer.log"]
    .map((file) => spawnSync("cat", [path.join(dir, file)], { encoding: "utf8" }).stdout ?? "")
    .join("\n");

/**
 * Debian's PgBouncer in transaction mode before the database's server, writing its files to `dir`;
 * `databaseUrl` is the same database reached through it.
 */
export async function startPgBouncer(
  directUrl: string,
  dir: string,
): Promise<{ process: TopologyProcess; databaseUrl: string }> {
  const program = requireProgram("pgbouncer");
  const database = new URL(directUrl);
  const port = await freePort();
  const user = decodeURIComponent(database.username || "postgres");
  writeFileSync(path.join(dir, "users.txt"), `"${user}" "${decodeURIComponent(database.password)}"\n`);
  writeFileSync(path.join(dir, "pgbouncer.ini"), pgbouncerConfig(dir, port, database));
  // PgBouncer refuses to run as root: it then runs as the database's system user.
  const asUser = process.getuid?.() === 0 ? ["-u", "postgres"] : [];
  if (asUser.length > 0) {
    const id = (flag: string) =>
      Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
    chownSync(dir, id("-u"), id("-g"));
  }
  // Quiet: it logs to its file only, so a caller that is busy (not reading a pipe) never blocks it.
  const bouncer = await launch("pgbouncer", program, ["-q", ...asUser, path.join(dir, "pgbouncer.ini")], {});
  await listening(port, () => logsOf(dir));
  database.hostname = "127.0.0.1";
  database.port = String(port);
  return { process: bouncer, databaseUrl: database.toString() };
}

/**
 * Respondents submitting in a loop until `until()` holds, each submission under its own
 * Idempotency-Key, naming its form in the address and sent again after a failed answer (a 502
 * while a process dies, a refused connection), as the public form page does. Returns the id
 * acknowledged for each key.
 */
export async function respondents(
  url: string,
  options: { count: number; body: { formId: number } & Record<string, unknown>; until: () => boolean },
): Promise<{ acknowledged: Map<string, number>; failedTries: number }> {
  const formQuery = `?form=${options.body.formId}`;
  const acknowledged = new Map<string, number>();
  let failedTries = 0;
  const one = async (respondent: number) => {
    for (let n = 0; !options.until(); n++) {
      const key = `r${respondent}-${n}`;
      for (;;) {
        const response = await fetch(`${url}/api/forms/answer${formQuery}`, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": key },
          body: JSON.stringify(options.body),
        }).catch(() => null);
        if (response && (response.status === 201 || response.status === 200)) {
          acknowledged.set(key, ((await response.json()) as { id: number }).id);
          break;
        }
        failedTries++;
        await response?.text();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  await Promise.all(Array.from({ length: options.count }, (_, i) => one(i)));
  return { acknowledged, failedTries };
}

/** Starts the topology; on any failure it stops what it had started and throws. */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const nginx = requireProgram("nginx");
  if (options.pooled) requireProgram("pgbouncer");
  const dir = mkdtempSync(path.join(tmpdir(), "formloom-topology-"));
  const started: TopologyProcess[] = [];
  const readLogs = () => logsOf(dir);
  const stop = async () => {
    for (const proc of started.reverse()) {
      proc.child.kill("SIGTERM");
      const killLater = setTimeout(() => proc.child.kill("SIGKILL"), 15_000);
      await stopped(proc.child);
      clearTimeout(killLater);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    let appDatabaseUrl = options.databaseUrl;
    if (options.pooled) {
      const bouncer = await startPgBouncer(options.databaseUrl, dir);
      started.push(bouncer.process);
      appDatabaseUrl = bouncer.databaseUrl;
    }

    const shared = {
      ...process.env,
      LOG_LEVEL: "warn",
      DATABASE_URL: appDatabaseUrl,
      DATABASE_POOLED: options.pooled ? "true" : "false",
      JWT_SECRET: randomBytes(32).toString("hex"),
      SECRET_KEY: randomBytes(32).toString("hex"),
      STORAGE_DIR: path.join(dir, "files"),
      SEED_DEMO: "false",
      TRUST_PROXY: "127.0.0.1",
      ...options.env,
    };
    mkdirSync(shared.STORAGE_DIR, { recursive: true });
    const server = serverArguments();
    const api = async (i: number, port: number) => {
      const env = { ...shared, RUN_WORKERS: "false", PORT: String(port), HOST: "127.0.0.1" };
      const dataDir = path.join(dir, `api-${i}`);
      const proc = await launch(`api-${i}`, process.execPath, server, {
        cwd: serverDir,
        env: { ...env, DATA_DIR: dataDir },
        ready: "Formloom is running",
      });
      proc.url = `http://127.0.0.1:${port}`;
      return proc;
    };
    const ports = await Promise.all(Array.from({ length: options.apis ?? 3 }, freePort));
    // The first brings the schema up to date; the others then start side by side.
    const apis = [await api(0, ports[0]!)];
    started.push(apis[0]!);
    const rest = ports.slice(1).map((port, i) => api(i + 1, port));
    const workerCount = options.workers ?? 2;
    // The same program `npm run worker` runs, without npm between: a signal reaches the worker itself.
    const workersStarting = Array.from({ length: workerCount }, (_, i) =>
      launch(`worker-${i}`, process.execPath, [...server, "--worker"], {
        cwd: serverDir,
        env: { ...shared, DATA_DIR: path.join(dir, `worker-${i}`) },
        ready: "Formloom worker is running",
      }),
    );
    const settled = await Promise.allSettled([...rest, ...workersStarting]);
    for (const result of settled) if (result.status === "fulfilled") started.push(result.value);
    const failed = settled.find((result) => result.status === "rejected");
    if (failed) throw (failed as PromiseRejectedResult).reason;
    apis.push(...started.filter((proc) => proc.name.startsWith("api-") && proc !== apis[0]));
    const workers = started.filter((proc) => proc.name.startsWith("worker-"));

    const port = await freePort();
    writeFileSync(path.join(dir, "nginx.conf"), nginxConfig(dir, port, ports, options.logRoutes ?? false));
    started.push(
      await launch(
        "nginx",
        nginx,
        ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "nginx-error.log")],
        {},
      ),
    );
    await listening(port, readLogs);
    const routes = () =>
      (spawnSync("cat", [path.join(dir, "routes.log")], { encoding: "utf8" }).stdout ?? "")
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          // "FORM ADDRESS", or "FORM ADDRESS, ADDRESS" when the first process tried failed: the
          // last one answered.
          const [form = "", ...tried] = line.split(" ");
          return { form: form === "-" ? "" : form, upstream: tried.join(" ").split(", ").at(-1) ?? "" };
        });
    const apiServing = (formId: number) => {
      const upstream = routes().find((route) => route.form === String(formId))?.upstream;
      return apis.find((api) => api.url === `http://${upstream}`);
    };
    return {
      url: `http://127.0.0.1:${port}`,
      apis,
      workers,
      appDatabaseUrl,
      logs: readLogs,
      routes,
      apiServing,
      stop,
    };
  } catch (error) {
    const logs = readLogs();
    await stop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error("Set DATABASE_URL to the PostgreSQL database the processes share.");
    process.exit(1);
  }
  const topology = await startTopology({ databaseUrl, pooled: process.argv.includes("--pooled") });
  console.log(`Formloom behind nginx at ${topology.url}`);
  for (const proc of [...topology.apis, ...topology.workers]) {
    console.log(`  ${proc.name} (pid ${proc.child.pid})${proc.url ? ` at ${proc.url}` : ""}`);
  }
  console.log(`  database: ${topology.appDatabaseUrl}\nCtrl-C stops everything.`);
  const end = () => void topology.stop().then(() => process.exit(0));
  process.on("SIGINT", end);
  process.on("SIGTERM", end);
}
