/** Writes brotli and gzip copies beside the built text files under `dir` (precompress.mjs). */
export function precompress(dir: string): void;
