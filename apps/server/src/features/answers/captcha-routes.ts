import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Captcha } from "./captcha.ts";

const ZChallenge = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});

export function captchaRoutes(app: FastifyInstance, captcha: Captcha): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/forms/captcha/challenge",
    {
      config: { public: true },
      schema: {
        tags: ["public"],
        description:
          "An ALTCHA proof-of-work challenge for a form with a captcha. Its solution goes in the submission's " +
          "`captcha` (base64 JSON of algorithm, challenge, number, salt, signature); each is accepted once, " +
          "within 20 minutes.",
        response: { 200: ZChallenge },
      },
    },
    async (_request, reply) => reply.header("cache-control", "no-store").send(await captcha.challenge()),
  );
}
