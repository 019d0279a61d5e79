import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

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
  /** Stores what a stream gives, never holding it all in memory (large exports). */
  putStream(key: string, source: Readable): Promise<void>;
  /** The bytes as a stream with their size, or null when nothing is stored under the key. */
  getStream(key: string): Promise<{ stream: Readable; size: number } | null>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** The key itself, or an error for one the server should never have made. */
export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split("/").includes("..")) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

/** Files under `root`, one file per key, folders made as needed. */
export function createDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkedKey(key));
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
    async putStream(key, source) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await pipeline(source, createWriteStream(file));
    },
    async getStream(key) {
      const file = resolve(key);
      try {
        const { size } = await stat(file);
        return { stream: createReadStream(file), size };
      } catch (error) {
        if ((error as { code?: string }).code === "ENOENT") return null;
        throw error;
      }
    },
  };
}
