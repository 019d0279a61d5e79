import { type TFillStart, ZFillStart } from "@formloom/core/api/statistics";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { formStarts, forms } from "../../db/schema.ts";
import type { Deps, UserRow } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { addressKey, countRequest } from "../../http/rate-limits.ts";
import { pageSender } from "../answers/respondent.ts";
import { readForm } from "../forms/presenter.ts";
import { assertOpen } from "../forms/public.ts";

/**
 * Starts one respondent may report: one per filling, and a filling is only begun by hand; an
 * address is shared by an office's people.
 */
export const START_LIMITS = { windowSeconds: 600, perRespondent: 60, perAddress: 600 } as const;

/** Programs that fetch pages without a person behind them, by their user agent. */
const CRAWLER =
  /^node$|bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\/|python-|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|lighthouse|pingdom|uptime/i;

/** A page request that a person's browser made to show the page, not a crawler, a HEAD or a prefetch. */
export function isHumanView(request: FastifyRequest): boolean {
  if (request.method !== "GET") return false;
  const agent = request.headers["user-agent"];
  if (!agent || CRAWLER.test(agent)) return false;
  const purpose = request.headers["sec-purpose"] ?? request.headers.purpose;
  return !(typeof purpose === "string" && /prefetch|prerender/i.test(purpose));
}

/** One more view of the form this hour: a single upsert on the hour's counter row. */
export async function countView(db: Db, form: { id: number }): Promise<void> {
  await db.execute(sql`
    insert into form_view_hours (account_id, form_id, hour, views)
    select f.account_id, f.id, date_trunc('hour', now(), 'UTC'), 1 from forms f where f.id = ${form.id}
    on conflict (account_id, form_id, hour) do update set views = form_view_hours.views + 1`);
}

/** Records that a filling began, once per key, for a form the caller may fill. */
export async function recordStart(
  db: Db,
  start: TFillStart,
  caller: { ip: string; respondent: string | undefined; visitor: UserRow | undefined },
): Promise<void> {
  const person = caller.visitor
    ? `user:${caller.visitor.id}`
    : caller.respondent
      ? `respondent:${caller.respondent}`
      : null;
  const { windowSeconds } = START_LIMITS;
  await countRequest(
    db,
    [
      ...(person ? [{ key: `start:${person}`, max: START_LIMITS.perRespondent, windowSeconds }] : []),
      { key: `start:ip:${addressKey(caller.ip)}`, max: START_LIMITS.perAddress, windowSeconds },
    ],
    "start.rate_limited",
  );
  const [row] = await db.select().from(forms).where(eq(forms.id, start.formId));
  if (!row) throw notFound("form.not_found");
  await assertOpen(db, row, readForm(row).settings, caller.visitor);
  await db
    .insert(formStarts)
    .values({ accountId: row.accountId, formId: row.id, visitKey: start.key })
    .onConflictDoNothing();
}

export function startRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/forms/start",
    {
      config: { public: true },
      bodyLimit: 1024,
      schema: {
        tags: ["public"],
        description:
          "The respondent's page says a filling began: sent once, the first time a question is touched. " +
          "`key` is the Idempotency-Key the submission will be sent with; each key is counted once, for " +
          "the submit rate's starts. Refused for a form that is not open to the caller (403), limited per " +
          "respondent and address (429 start.rate_limited with Retry-After).",
        body: ZFillStart,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await recordStart(deps.db, request.body, await pageSender(deps, request));
      return reply.status(204).send(null);
    },
  );
}
