import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../http/errors.ts";

const require = createRequire(import.meta.url);

/** The face models' folder inside their npm package: the app serves them itself, no third party does. */
const modelDir = () => path.join(path.dirname(require.resolve("@vladmandic/face-api/package.json")), "model");

/**
 * The models a recognising form's page loads, and nothing else of the package: the small face
 * detector (faces), the expression model (the seven emotions) and the age and gender model,
 * each a manifest and its weights, about 1 MB together.
 */
export const RECOGNITION_MODELS = ["tiny_face_detector", "face_expression", "age_gender"] as const;
const SERVED = new Set(
  RECOGNITION_MODELS.flatMap((model) => [`${model}_model-weights_manifest.json`, `${model}_model.bin`]),
);

/** GET /recognition-models/<file>: one of the face models, cached for a day (the lock file fixes the version). */
export function recognitionModelRoutes(app: FastifyInstance): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/recognition-models/:file",
      { schema: { hide: true, params: z.object({ file: z.string().max(80) }) } },
      async (request, reply) => {
        const { file } = request.params;
        if (!SERVED.has(file)) throw notFound();
        const bytes = await readFile(path.join(modelDir(), file));
        return reply
          .header("cache-control", "public, max-age=86400")
          .type(file.endsWith(".json") ? "application/json" : "application/octet-stream")
          .send(bytes);
      },
    );
}
