// The production server as its own process, for the end-to-end tests and the benches alike.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyPgliteTemplate } from "../apps/server/test/database-template.ts";
import { freePort, serverArguments } from "../apps/server/test/process.ts";

export { freePort };

const root = path.resolve(import.meta.dirname, "..");

export interface RunningApp {
  url: string;
  /** The server's process, for a teardown that must stop it without waiting (see support.ts). */
  pid: number;
  close(): Promise<void>;
}

/**
 * The production server (built web app, embedded database) as its own process. On a port of its
 * own choosing it starts again on another when the chosen one was taken meanwhile. Given a
 * `DATA_DIR`, it serves that database and leaves it in place when it closes.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  for (let attempt = 1; ; attempt++) {
    const port = Number(env.PORT ?? (await freePort()));
    // Each start has a database of its own: a start that failed leaves nothing behind for the next.
    const ownDir = env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "formloom-e2e-"));
    if (ownDir) copyPgliteTemplate(ownDir);
    const removeOwnDir = () => ownDir && rmSync(ownDir, { recursive: true, force: true });
    try {
      const child = await spawnApp(ownDir ?? env.DATA_DIR!, port, env);
      return {
        url: `http://127.0.0.1:${port}`,
        pid: child.pid!,
        close: async () => {
          child.kill("SIGTERM");
          await new Promise((resolve) =>
            child.exitCode === null ? child.on("exit", resolve) : resolve(null),
          );
          removeOwnDir();
        },
      };
    } catch (error) {
      removeOwnDir();
      const taken = error instanceof Error && error.message.includes("EADDRINUSE");
      if (!taken || env.PORT !== undefined || attempt === 3) throw error;
    }
  }
}

function spawnApp(dataDir: string, port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child: ChildProcess = spawn(process.execPath, serverArguments(), {
    cwd: path.join(root, "apps/server"),
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      SEED_DEMO: "false",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise<ChildProcess>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Formloom is running")) resolve(child);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
