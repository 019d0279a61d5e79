import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/connect.ts";
import { storageWrites } from "../db/schema.ts";
import type { FileStorage } from "./file-storage.ts";

/** How long bytes may wait for their row before the clean-up takes them for left behind. */
export const UNWRITTEN_GRACE = sql`now() - interval '1 hour'`;

/**
 * Puts bytes in the file storage before the row that names them is written by `writeRow`, marked
 * in `storage_writes` from before the bytes until the row is written (or fails, and the caller
 * removes the bytes): a process that stops between the two leaves the mark, and the clean-up
 * (`forgetUnwritten`) removes bytes no row names.
 */
export async function putBeforeRow<T>(
  db: Db,
  storage: FileStorage,
  key: string,
  bytes: Buffer,
  writeRow: () => Promise<T>,
): Promise<T> {
  await db.insert(storageWrites).values({ storageKey: key }).onConflictDoNothing();
  await storage.put(key, bytes);
  try {
    return await writeRow();
  } finally {
    await db.delete(storageWrites).where(eq(storageWrites.storageKey, key));
  }
}

/**
 * Removes the bytes whose writer stopped before their row: marks older than the grace whose key
 * starts with `prefix` and that `named` does not find. The bytes go first, then the marks, so a
 * stop between the two leaves marks to try again. Answers how many bytes went.
 */
export async function forgetUnwritten(
  db: Db,
  storage: FileStorage,
  prefix: string,
  named: (keys: string[]) => Promise<Set<string>>,
): Promise<number> {
  const stale = await db
    .select({ key: storageWrites.storageKey })
    .from(storageWrites)
    .where(
      sql`${lt(storageWrites.createdAt, UNWRITTEN_GRACE)} and starts_with(${storageWrites.storageKey}, ${prefix})`,
    )
    .limit(1000);
  if (stale.length === 0) return 0;
  const keys = stale.map((row) => row.key);
  const kept = await named(keys);
  const orphans = keys.filter((key) => !kept.has(key));
  await Promise.all(orphans.map((key) => storage.delete(key)));
  await db.execute(
    sql`delete from ${storageWrites} where storage_key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
  return orphans.length;
}
