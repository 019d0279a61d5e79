import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

/**
 * Bytes put in the file storage before the row that names them is written: the mark is made before
 * the bytes and removed with the row's insert (or once the bytes are removed again), so a process
 * that stopped between the two leaves a mark, and the clean-up removes bytes no row names.
 */
export const storageWrites = pgTable(
  "storage_writes",
  {
    storageKey: text("storage_key").primaryKey(),
    createdAt: createdAt(),
  },
  (t) => [index("storage_writes_created_idx").on(t.createdAt)],
);
