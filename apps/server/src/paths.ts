import path from "node:path";

/**
 * The server package's folder. Computed here, one level below it, so the answer is the same
 * when the server runs as TypeScript from src/ and as the bundle in dist/ (scripts/build-server.mjs).
 */
export const SERVER_ROOT = path.resolve(import.meta.dirname, "..");
