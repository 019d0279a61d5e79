import Fastify from "fastify";
import { buildApp } from "./app.ts";
import { openDatabase } from "./db/connect.ts";
import { DataDirectoryLockedError } from "./db/lock.ts";
import { loggerOptions } from "./http/logging.ts";
import { startWorkers } from "./jobs/workers.ts";
import { DEMO_LOGIN, seedDemo } from "./seed-demo.ts";
import { loadSettings, type Settings, SettingsError } from "./settings.ts";
import { storageFromSettings } from "./storage/storage-from-settings.ts";

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const settings = loadSettings();
  if (process.argv.includes("--worker")) return runWorkerProcess(settings);
  const database = await openDatabase(settings);
  const seeded = settings.seedDemo && (await seedDemo(database.db));
  const app = await buildApp(settings, database);

  // Stop accepting, let the requests in flight finish (for a while), stop the mailer and the
  // housekeeping (their onClose hooks), then close the database. A repeated signal changes
  // nothing: npm forwards Ctrl-C to the server, which therefore often gets SIGINT twice.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    if (settings.shutdownDrainMs > 0) {
      app.log.info(`${signal}: not ready any more; still serving for ${settings.shutdownDrainMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, settings.shutdownDrainMs));
    }
    app.log.info(`${signal}: finishing the requests in flight, then shutting down`);
    const cut = setTimeout(() => {
      app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS} ms: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await app.close();
      await database.close();
    } catch (error) {
      console.error("Formloom did not shut down cleanly:", error);
      process.exit(1);
    }
    clearTimeout(cut);
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  const address = await app.listen({ port: settings.port, host: settings.host });
  const url = settings.publicUrl ?? `http://localhost:${settings.port}`;
  const where = database.engine === "pglite" ? `embedded database in ${settings.dataDir}` : "PostgreSQL";
  console.log(`\nFormloom is running at ${url} (${where}); listening on ${address}`);
  if (seeded) {
    console.log(
      `A demo account was created: sign in as "${DEMO_LOGIN.username}" with password "${DEMO_LOGIN.password}".`,
    );
    console.log(`Its sample form is public at ${url}/f/event-feedback?a=demo\n`);
  }
}

/**
 * `npm run worker`: only the job workers, no HTTP. Every queue is claimed with SKIP LOCKED, so
 * such processes run safely beside the web servers (which may then leave the queues to them with
 * RUN_WORKERS=false). The embedded database admits one process, so this needs DATABASE_URL.
 */
async function runWorkerProcess(settings: Settings): Promise<void> {
  // The server's logger, configured the same way; the instance never listens.
  const log = Fastify({ logger: loggerOptions(settings.logLevel) }).log;
  const database = await openDatabase(settings);
  const workers = startWorkers(settings, database, storageFromSettings(settings), log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: finishing the jobs under way, then stopping`);
    try {
      await workers.stop();
      await database.close();
    } catch (error) {
      console.error("The Formloom worker did not shut down cleanly:", error);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  const where = database.engine === "pglite" ? `embedded database in ${settings.dataDir}` : "PostgreSQL";
  console.log(`Formloom worker is running (${where}): mail, exports, webhooks, automation`);
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError || error instanceof DataDirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error("Formloom could not start:", error);
  }
  process.exit(1);
});
