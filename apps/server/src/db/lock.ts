import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

export class DataDirectoryLockedError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * The embedded database is one process's alone: a second server on the same directory would
 * corrupt it. The lock names its owner's pid, so a lock left by a killed process is taken over.
 */
export function lockDataDirectory(dir: string): () => void {
  const file = path.join(dir, "formloom.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(file);
        } catch {
          // already gone: nothing to release
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirectoryLockedError(
          `The data directory ${dir} is in use by another Formloom process (pid ${owner}). ` +
            "Stop that process, or set DATA_DIR to another directory, or DATABASE_URL to use PostgreSQL.",
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirectoryLockedError(`Could not lock the data directory ${dir}`);
}
