// Prints the statements that distribute a migrated Formloom database on Citus (run them on the
// coordinator, after the migrations and before loading data), and what Citus would refuse:
//   DATABASE_URL=postgres://…/formloom npx tsx scripts/citus.ts > distribute.sql
import { citusPlan } from "../apps/server/src/db/citus.ts";
import { openDatabase } from "../apps/server/src/db/connect.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to the migrated database.");
  process.exit(1);
}
const database = await openDatabase({ databaseUrl, dataDir: "." });
try {
  const plan = await citusPlan(database.raw.query);
  console.log(plan.sql);
  for (const problem of plan.problems) console.error(`not ready: ${problem}`);
} finally {
  await database.close();
}
