import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { installErrorHandler } from "./error-handler.ts";

/** An error shaped as the PostgreSQL drivers raise it, wrapped as the query builder wraps it. */
function databaseError(sqlState: string): Error {
  const driver = Object.assign(new Error("value quoted from the request"), { code: sqlState });
  return Object.assign(new Error("Failed query: select 1\nparams: secret"), { cause: driver });
}

async function answerTo(error: Error) {
  const app = Fastify();
  installErrorHandler(app);
  app.get("/fails", async () => {
    throw error;
  });
  const response = await app.inject({ method: "GET", url: "/fails" });
  await app.close();
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe("the error handler's safety net for input the database refuses", () => {
  it.each(["22P05", "22021", "22003", "22P02", "22008"])(
    "data exception %s → 400 request.invalid",
    async (code) => {
      expect(await answerTo(databaseError(code))).toEqual({
        status: 400,
        body: { code: "request.invalid", message: expect.any(String) },
      });
    },
  );

  it.each(["23505", "40001", "57P01"])(
    "other database failures (%s) stay a 500 with nothing of the driver",
    async (code) => {
      const { status, body } = await answerTo(databaseError(code));
      expect(status).toBe(500);
      expect(body).toEqual({ code: "server.error", message: "Something went wrong" });
    },
  );
});
