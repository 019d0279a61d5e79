import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fontById } from "@formloom/core/fonts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http/errors.ts";

const require = createRequire(import.meta.url);

/** The folder of a served font's package (@fontsource-variable/<id>). */
const packageDir = (id: string) => path.dirname(require.resolve(`@fontsource-variable/${id}/package.json`));

/**
 * The font's faces as the page links them: the package's own @font-face rules with their files
 * served from here and the family named as a style writes it ("Inter", not "Inter Variable").
 * Each face keeps its unicode-range, so a browser fetches only the scripts the page shows.
 */
async function stylesheet(id: string): Promise<string | undefined> {
  const font = fontById(id);
  if (!font) return undefined;
  const css = await readFile(path.join(packageDir(id), "index.css"), "utf8");
  return css
    .replace(/font-family: '[^']*';/g, `font-family: '${font.family}';`)
    .replace(/url\(\.\/files\/([\w.-]+\.woff2)\)/g, `url(/fonts/files/${id}/$1)`)
    .replace(/format\('woff2-variations'\)/g, "format('woff2')");
}

const YEAR = "public, max-age=31536000, immutable";

/** GET /fonts/<id>.css and the woff2 files it names: the open fonts a styling may choose (core/fonts.ts). */
export function fontRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/fonts/:id.css",
    { schema: { hide: true, params: z.object({ id: z.string().max(40) }) } },
    async (request, reply) => {
      const { id } = request.params;
      const css = await stylesheet(id);
      if (css === undefined) throw notFound();
      // The package's version is fixed by the lock file; a day's cache lets an upgrade through.
      return reply.header("cache-control", "public, max-age=86400").type("text/css; charset=utf-8").send(css);
    },
  );
  r.get(
    "/fonts/files/:id/:file",
    {
      schema: {
        hide: true,
        params: z.object({ id: z.string().max(40), file: z.string().regex(/^[a-z0-9-]+\.woff2$/) }),
      },
    },
    async (request, reply) => {
      const { id, file } = request.params;
      if (!fontById(id) || !file.startsWith(`${id}-`)) throw notFound();
      const bytes = await readFile(path.join(packageDir(id), "files", file)).catch(() => undefined);
      if (!bytes) throw notFound();
      return reply
        .header("cache-control", YEAR)
        .header("access-control-allow-origin", "*")
        .type("font/woff2")
        .send(bytes);
    },
  );
}
