// Brotli (best level) and gzip copies beside each built text file, which the server sends as they
// are to browsers that accept them (apps/server/src/app.ts); it compresses on the fly only what
// has no copy. Used by `npm start` after a build, and by the browser tests before they start.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Writes the copies under `dir`, skipping files smaller than a packet and copies already newer than their file. */
export function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (/\.(html|js|css|svg|json)$/.test(entry.name) && !isFresh(`${file}.gz`, file)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeWhole(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeWhole(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

/** Written beside, then renamed: a server sending the folder meanwhile never sends half a copy. */
function writeWhole(file, content) {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, content);
  renameSync(partial, file);
}

/** The copy exists and was written after its file; the gzip copy is written last. */
function isFresh(copy, file) {
  try {
    return statSync(copy).mtimeMs >= statSync(file).mtimeMs;
  } catch {
    return false;
  }
}
