import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { exited, freePort } from "./process.ts";

/**
 * A PostgreSQL cluster of a test's own, for what the shared server must not undergo: a crash.
 * Made with the machine's initdb (Debian's postgresql packages), in a directory of its own, run as
 * the `postgres` system user when the test runs as root (PostgreSQL refuses root).
 */
export interface OwnPostgres {
  url: string;
  /** Stops every process of the cluster at once, as a crash would: nothing is written on the way out. */
  crash(): Promise<void>;
  /** Starts it again on the same directory and port; it recovers from its write-ahead log. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  remove(): Promise<void>;
}

function binaries(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((version) => path.join(root, version, "bin"))
    .find((dir) => existsSync(path.join(dir, "initdb")));
  if (!found) throw new Error(`No PostgreSQL server binaries under ${root} (Debian's postgresql package)`);
  return found;
}

const asRoot = process.getuid?.() === 0;

/** The command as the cluster's owner: the `postgres` system user when the test runs as root. */
const owned = (command: string, args: string[]): [string, string[]] =>
  asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];

/**
 * Makes and starts a cluster. `settings` are server settings (`name=value`) given at every start.
 */
export async function ownPostgres(settings: string[] = []): Promise<OwnPostgres> {
  const bin = binaries();
  const dir = mkdtempSync(path.join(tmpdir(), "formloom-cluster-"));
  if (asRoot) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    chownSync(dir, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
  const data = path.join(dir, "data");
  const [initdb, initArgs] = owned(path.join(bin, "initdb"), [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "--no-sync",
  ]);
  const made = spawnSync(initdb, initArgs, { encoding: "utf8" });
  if (made.status !== 0) throw new Error(`initdb failed: ${made.stderr}`);
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | undefined;

  async function start(): Promise<void> {
    const args = ["-D", data, "-p", String(port), "-k", dir, "-c", "listen_addresses=127.0.0.1"];
    for (const setting of settings) args.push("-c", setting);
    const [command, full] = owned(path.join(bin, "postgres"), args);
    const child = spawn(command, full, { stdio: ["ignore", "ignore", "pipe"] });
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server = child;
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`PostgreSQL exited:\n${output}`);
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (waited > 30_000) throw new Error(`PostgreSQL did not start: ${String(error)}\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  async function crash(): Promise<void> {
    // An immediate stop: every backend quits at once, the write-ahead log's buffers unwritten.
    const [command, args] = owned(path.join(bin, "pg_ctl"), ["stop", "-D", data, "-m", "immediate"]);
    const stopped = spawnSync(command, args, { encoding: "utf8" });
    if (stopped.status !== 0) throw new Error(`pg_ctl stop failed: ${stopped.stderr}`);
    if (server) await exited(server);
  }

  await start();
  return {
    url,
    crash,
    start,
    async remove() {
      if (server && server.exitCode === null && server.signalCode === null) await crash();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
