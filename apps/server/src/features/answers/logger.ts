import type { TBehaviorBatch } from "@formloom/core/api/behavior";
import { ZBehaviorBatch } from "@formloom/core/api/behavior";
import { BEHAVIOR_LIMITS, type BehaviorEvent, withoutConsent } from "@formloom/core/behavior";
import { offeredConsent } from "@formloom/core/consent";
import { validationError } from "@formloom/core/errors";
import type { TFormSettings } from "@formloom/core/form-schema";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { behaviorLogs, forms } from "../../db/schema.ts";
import type { Deps, UserRow } from "../../http/context.ts";
import { badRequest, forbidden, notFound } from "../../http/errors.ts";
import { addressKey, countRequest } from "../../http/rate-limits.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable } from "../forms/public.ts";
import { pageSender } from "./respondent.ts";

/**
 * Batches one respondent may send: the page sends one every ten seconds or so while the form is
 * open and one when it is hidden, so a long filling stays well inside; an address is shared by an
 * office's people.
 */
export const LOGGER_LIMITS = { windowSeconds: 600, perRespondent: 120, perAddress: 600 } as const;

interface Caller {
  ip: string;
  respondent: string | undefined;
  visitor: UserRow | undefined;
}

/**
 * Stores one batch of a filling's behaviour, for a form the caller may fill that collects
 * behaviour. Without the behavioural consent only each question's focus and blur are kept, and a
 * batch with nothing else is not stored; a batch saying the respondent cancelled is refused. The
 * typed text is kept only where the form collects real characters; a batch sent again is kept once.
 */
export async function logBehavior(db: Db, batch: TBehaviorBatch, caller: Caller): Promise<void> {
  const person = caller.visitor
    ? `user:${caller.visitor.id}`
    : caller.respondent
      ? `respondent:${caller.respondent}`
      : null;
  const { windowSeconds } = LOGGER_LIMITS;
  await countRequest(
    db,
    [
      ...(person ? [{ key: `logger:${person}`, max: LOGGER_LIMITS.perRespondent, windowSeconds }] : []),
      { key: `logger:ip:${addressKey(caller.ip)}`, max: LOGGER_LIMITS.perAddress, windowSeconds },
    ],
    "logger.rate_limited",
  );
  const [row] = await db.select().from(forms).where(eq(forms.id, batch.formId));
  if (!row) throw notFound("form.not_found");
  const { settings, fields } = readForm(row);
  assertFillable(row, settings, caller.visitor);
  if (!settings.collectBehaviorData) throw forbidden("logger.not_collected");
  const agreed = agreedBehaviour(settings, batch.behavioralConfirmOptions);
  const known = new Set(fields.map((field) => field.id));
  const strangers = batch.events.flatMap((event, i) =>
    event.field !== undefined && !known.has(event.field)
      ? [validationError(`events.${i}.field`, "answer.unknown_field")]
      : [],
  );
  if (strangers.length > 0) throw badRequest("answer.unknown_field", strangers);
  const events = keptEvents(settings, batch.events, agreed);
  if (events.length === 0) return;
  await db
    .insert(behaviorLogs)
    .values({
      accountId: row.accountId,
      formId: row.id,
      submissionKey: batch.key,
      seq: batch.seq,
      respondent: caller.respondent ?? null,
      events,
    })
    .onConflictDoNothing();
}

/**
 * Whether the batch carries the respondent's behavioural consent: options the form offers, at
 * least one. An empty choice is a cancelled pop-up, after which the page sends nothing.
 */
function agreedBehaviour(settings: TFormSettings, chosen: readonly string[] | undefined): boolean {
  const popup = offeredConsent(settings, "behavioral");
  if (chosen === undefined) return false;
  const offered = new Set(popup?.checkboxes.map((box) => box.id));
  if (chosen.length === 0 || chosen.some((id) => !offered.has(id)))
    throw forbidden("logger.consent_required");
  return true;
}

/** What of a batch is stored: focus and blur only without consent, the typed text only where collected. */
function keptEvents(settings: TFormSettings, events: BehaviorEvent[], agreed: boolean): BehaviorEvent[] {
  if (!agreed) return withoutConsent(events);
  return settings.collectRealCharacters ? events : events.map(({ text: _typed, ...event }) => event);
}

export function loggerRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/forms/logger",
    {
      config: { public: true },
      bodyLimit: BEHAVIOR_LIMITS.batchBytes,
      schema: {
        tags: ["public"],
        description:
          "A batch of the behaviour a respondent's page recorded while the form was filled (focus, blur, typing " +
          `counts, pointer samples; at most ${BEHAVIOR_LIMITS.eventsPerBatch} events and ` +
          `${BEHAVIOR_LIMITS.batchBytes / 1024} KB). \`key\` is the Idempotency-Key the submission is sent with, ` +
          "which joins the two. Without `behavioralConfirmOptions` (the respondent's ticked consent options) only " +
          "each question's focus and blur are stored, and a batch with nothing else is dropped. Refused for forms " +
          "that do not collect behaviour (403 logger.not_collected) and for a consent the form does not offer or " +
          "an empty one, which is a cancelled pop-up (403 logger.consent_required); " +
          "limited per respondent and address (429 logger.rate_limited with Retry-After).",
        body: ZBehaviorBatch,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await logBehavior(deps.db, request.body, await pageSender(deps, request));
      return reply.status(204).send(null);
    },
  );
}
