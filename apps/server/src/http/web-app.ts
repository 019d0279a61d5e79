import { readdirSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { pathOnly } from "./logging.ts";

/**
 * The built web app's files, each under its own path, and every other path outside the API to
 * the page that routes it in the browser (installErrorHandler, with `webAppPage`).
 *
 * The files are listed once, as the server starts: a path is served only when it is exactly a
 * built file's, so no other spelling of one reaches the disk. (The static plugin's own route for
 * any path reads the folder, hundreds of assets, on every request, and again for each compressed
 * copy it looks for, to refuse other spellings: a tenth of a busy server's processor time.)
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    // `npm start` writes .br and .gz beside each built file (scripts/precompress.mjs), so the
    // large bundles are compressed once, at the best level, not again on every request.
    preCompressed: true,
    // Hashed asset names change with their content, so browsers may keep them for good.
    setHeaders: (reply, file) => {
      reply.header(
        "cache-control",
        file.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
      );
    },
  });
  const files = builtFiles(webDist);
  // A route, not only the not-found handler, so that pages too go out compressed.
  app.get("/*", { config: { public: true }, schema: { hide: true } }, (request, reply) => {
    const file = decodedPath(request.url);
    return file && files.has(file) ? reply.sendFile(file.slice(1)) : reply.callNotFound();
  });
}

/** Respondents get the small public page; everyone else the signed-in app. */
export function webAppPage(url: string): string | undefined {
  if (url.startsWith("/assets/")) return undefined;
  return url.startsWith("/f/") ? "fill.html" : "index.html";
}

/**
 * Every file under `root` as a URL path ("/assets/app-1a2b.js"): not the compressed copies beside
 * a file, nor what the build keeps for itself in folders whose names start with a dot (.vite).
 * A build written while the server runs is served from its next start.
 */
function builtFiles(root: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep);
    if (relative.some((part) => part.startsWith("."))) continue;
    files.add(`/${relative.join("/")}`);
  }
  for (const file of files) {
    const copyOf = file.replace(/\.(br|gz)$/, "");
    if (copyOf !== file && files.has(copyOf)) files.delete(file);
  }
  return files;
}

/** The request's path as a file name, without its query; undefined when it cannot be decoded. */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(pathOnly(url));
  } catch {
    return undefined;
  }
}
