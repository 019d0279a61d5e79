import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "..");

/**
 * Set by the test runs' setup (global-setup.ts here and in e2e): the compiled server bundle
 * (scripts/build-server.mjs), which starts in about half the processor time of compiling
 * `src/main.ts` on the way, and is what production runs.
 */
export const BUNDLE_VARIABLE = "FORMLOOM_TEST_SERVER_BUNDLE";

/** Node's arguments that start the server, run from apps/server: the run's bundle, or the sources through tsx. */
export function serverArguments(): string[] {
  const bundle = process.env[BUNDLE_VARIABLE];
  return bundle ? [bundle] : ["--import", "tsx", "src/main.ts"];
}

/**
 * Builds the server bundle for this run's processes to start from, and names it for them; under
 * `npm test`, which builds it once for every stage, names that one.
 */
export function useServerBundle(): void {
  const built = process.env[BUNDLE_VARIABLE];
  if (built && existsSync(built)) return;
  const root = path.resolve(serverDir, "../..");
  const building = spawnSync(process.execPath, ["scripts/build-server.mjs"], { cwd: root, stdio: "inherit" });
  if (building.status !== 0) throw new Error("The server did not build");
  process.env[BUNDLE_VARIABLE] = path.join(serverDir, "dist/main.js");
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the server as its own process, as `npm start` would, and waits until it listens. */
export function spawnServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverArguments(), {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Formloom is running")) {
        resolve({ child, url: `http://127.0.0.1:${port}`, output: () => output });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
}

/** Runs the server process to its exit, for starts that must fail. */
export function runServerToExit(
  env: Record<string, string>,
  port: number,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, serverArguments(), {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: "warn", PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.on("exit", () => resolve());
  });
}

/**
 * A port nothing listens on, picked below the range Linux hands out to outgoing connections
 * (32768 and up): a port picked there could be taken by a browser's or a database client's
 * connection between the pick and the server's own listen.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 10_000 + Math.floor(Math.random() * 22_000);
    if (await canListen(port)) return port;
  }
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}
