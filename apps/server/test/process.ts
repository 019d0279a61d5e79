import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const serverDir = path.resolve(import.meta.dirname, "..");

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts `src/main.ts` as its own process, as `npm start` would, and waits until it listens. */
export function spawnServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
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
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
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

export function freePort(): number {
  return 20_000 + Math.floor(Math.random() * 20_000);
}
