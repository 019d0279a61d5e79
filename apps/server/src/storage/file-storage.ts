import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded bytes live, by key. The local disk is the default; an S3-compatible store
 * implements the same three calls. Keys are made by the server (letters, digits, `-`, `_`, `/`),
 * never taken from a request.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Files under `root`, one file per key, folders made as needed. */
export function createDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.split("/").includes("..")) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
