import { buildApp } from "./app.ts";
import { openDatabase } from "./db/connect.ts";
import { DataDirectoryLockedError } from "./db/lock.ts";
import { DEMO_LOGIN, seedDemo } from "./seed-demo.ts";
import { loadSettings, SettingsError } from "./settings.ts";

async function main(): Promise<void> {
  const settings = loadSettings();
  const database = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  const seeded = settings.seedDemo && (await seedDemo(database.db));
  const app = await buildApp(settings, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
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

main().catch((error: unknown) => {
  if (error instanceof SettingsError || error instanceof DataDirectoryLockedError) {
    console.error(error.message);
  } else {
    console.error("Formloom could not start:", error);
  }
  process.exit(1);
});
