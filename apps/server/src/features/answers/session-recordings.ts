import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import {
  type TSessionRecording,
  type TSessionRecordingBatch,
  ZSessionRecording,
  ZSessionRecordingBatch,
} from "@formloom/core/api/session-recordings";
import { consentProblems, offeredConsent } from "@formloom/core/consent";
import {
  isBehaviourEvent,
  replayRecordsPointer,
  SESSION_RECORDING_LIMITS,
} from "@formloom/core/session-recording";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { forms, sessionRecordings } from "../../db/schema.ts";
import { type Deps, requireTenant, type TenantContext, type UserRow } from "../../http/context.ts";
import { AppError, forbidden, notFound } from "../../http/errors.ts";
import { answerAccess } from "../../http/policy.ts";
import { addressKey, countRequest } from "../../http/rate-limits.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable } from "../forms/public.ts";
import { loadForm } from "../forms/service.ts";
import { pageSender } from "./respondent.ts";
import { answerRow } from "./single-result.ts";
import { holdUnclaimed } from "./unclaimed-media.ts";

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/**
 * Batches one respondent may send: the page sends one every few seconds while the form changes on
 * screen, so a long filling stays well inside; an address is shared by an office's people.
 */
export const SESSION_RECORDING_RATE = { windowSeconds: 600, perRespondent: 300, perAddress: 1500 } as const;

/**
 * How much of a form's recordings no submission took yet (gzipped bytes) may pile up: a stranger's
 * script names a new filling with each batch, so a filling's own limit alone would let it fill
 * the database. The form holds those of the last `unclaimedMinutes`, an address its share of the
 * last day; a submission takes its filling's recording out of both. The clean-up removes the rest
 * after two days (forgetUnsentRecordings).
 */
export const SESSION_RECORDING_UNCLAIMED = {
  unclaimedBytesPerForm: 256 * 1024 * 1024,
  unclaimedBytesPerAddress: 64 * 1024 * 1024,
  unclaimedMinutes: 30,
} as const;

interface Caller {
  ip: string;
  respondent: string | undefined;
  visitor: UserRow | undefined;
}

/**
 * Stores one batch of a filling's session recording, gzipped, for a form the caller may fill that
 * records sessions, and only with the respondent's capturing consent: a batch without it is
 * refused, so nothing before or without the yes is kept. Pointer clicks and moves are kept only
 * with the behavioural consent too (`behavioralConfirmOptions`). A filling's batches together stay under
 * the limits, gzipped and before (what reading them unpacks), checked under a lock per filling so parallel batches cannot pass it; a batch sent
 * again is kept once.
 */
export async function storeRecordingBatch(
  db: Db,
  batch: TSessionRecordingBatch,
  caller: Caller,
): Promise<void> {
  const person = caller.visitor
    ? `user:${caller.visitor.id}`
    : caller.respondent
      ? `respondent:${caller.respondent}`
      : null;
  const { windowSeconds } = SESSION_RECORDING_RATE;
  await countRequest(
    db,
    [
      ...(person
        ? [{ key: `recording:${person}`, max: SESSION_RECORDING_RATE.perRespondent, windowSeconds }]
        : []),
      { key: `recording:ip:${addressKey(caller.ip)}`, max: SESSION_RECORDING_RATE.perAddress, windowSeconds },
    ],
    "session_recording.rate_limited",
  );
  const [row] = await db.select().from(forms).where(eq(forms.id, batch.formId));
  if (!row) throw notFound("form.not_found");
  const { settings } = readForm(row);
  assertFillable(row, settings, caller.visitor);
  if (!settings.hasSessionRecording || !offeredConsent(settings, "capturing")) {
    throw forbidden("session_recording.not_collected");
  }
  const choice = { capturingConfirmOptions: batch.capturingConfirmOptions };
  if (batch.capturingConfirmOptions.length === 0 || consentProblems(settings, choice).length > 0) {
    throw forbidden("session_recording.consent_required");
  }
  const behavioural = batch.behavioralConfirmOptions;
  if (behavioural && consentProblems(settings, { behavioralConfirmOptions: behavioural }).length > 0) {
    throw forbidden("session_recording.consent_required");
  }
  // Without the behavioural yes, of the respondent's actions only each field's focus and blur are
  // kept, as in the behaviour log: no click, pointer move, touch, drag, selection, scrolling or
  // media played.
  const events = replayRecordsPointer(settings, behavioural)
    ? batch.events
    : batch.events.filter((event) => !isBehaviourEvent(event));
  if (events.length === 0) return;
  const json = Buffer.from(JSON.stringify(events));
  const data = await zip(json);
  const { fillingBytes, fillingRawBytes } = SESSION_RECORDING_LIMITS;
  if (data.length > fillingBytes || json.length > fillingRawBytes) throw tooLarge();
  const uploader = addressKey(caller.ip);
  const stored = await db.transaction(async (tx) => {
    // One lock per form: the form's and the address's shares hold under parallel batches too.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('form-recordings'), ${row.id}::int4)`);
    await holdUnclaimed(tx, sessionRecordings, SESSION_RECORDING_UNCLAIMED, UNCLAIMED_REFUSAL, {
      accountId: row.accountId,
      formId: row.id,
      key: batch.key,
      seq: batch.seq,
      uploader,
      bytes: data.length,
    });
    const inserted = (await tx.execute(sql`
      insert into ${sessionRecordings} (account_id, form_id, submission_key, seq, data, bytes, raw_bytes, uploader)
      select ${row.accountId}::int, ${row.id}::int, ${batch.key}, ${batch.seq}::int, ${data}, ${data.length}::int,
             ${json.length}::int, ${uploader}
      from (select coalesce(sum(bytes), 0) as bytes, coalesce(sum(raw_bytes), 0) as raw_bytes
              from ${sessionRecordings}
             where account_id = ${row.accountId} and form_id = ${row.id} and submission_key = ${batch.key}) used
      where used.bytes + ${data.length} <= ${fillingBytes} and used.raw_bytes + ${json.length} <= ${fillingRawBytes}
      on conflict do nothing
      returning 1 as kept`)) as unknown as { rows: unknown[] };
    if (inserted.rows.length > 0) return true;
    // Not stored: over the limit, or this batch came before (its retry is no error).
    const [again] = await tx
      .select({ id: sessionRecordings.id })
      .from(sessionRecordings)
      .where(
        and(
          eq(sessionRecordings.accountId, row.accountId),
          eq(sessionRecordings.formId, row.id),
          eq(sessionRecordings.submissionKey, batch.key),
          eq(sessionRecordings.seq, batch.seq),
        ),
      );
    return again !== undefined;
  });
  if (!stored) throw tooLarge();
}

const tooLarge = () => new AppError(413, "session_recording.too_large");

/** What a stranger piling up media no submission took is told (unclaimed-media.ts). */
const UNCLAIMED_REFUSAL = {
  addressCode: "session_recording.rate_limited",
  addressRetrySeconds: SESSION_RECORDING_RATE.windowSeconds,
  formCode: "session_recording.form_full",
} as const;

/**
 * The submission and the whole of its form that the caller may see: a recording replays every
 * field on the page, so a reader limited to some fields is refused it, as deleting it is.
 */
async function wholeSubmission(ctx: TenantContext, formId: number, answerId: number) {
  const access = await answerAccess(ctx, await loadForm(ctx, formId));
  if (access.level !== "all") throw forbidden("not_allowed");
  return answerRow(ctx, formId, answerId);
}

const ofFilling = (ctx: TenantContext, formId: number, submissionKey: string) =>
  and(
    eq(sessionRecordings.accountId, ctx.accountId),
    eq(sessionRecordings.formId, formId),
    eq(sessionRecordings.submissionKey, submissionKey),
  );

/** The recording of one submission's filling, its batches' events in order; none: empty. */
export async function readRecording(
  ctx: TenantContext,
  formId: number,
  answerId: number,
): Promise<TSessionRecording> {
  const answer = await wholeSubmission(ctx, formId, answerId);
  const rows = await ctx.db
    .select({ data: sessionRecordings.data, bytes: sessionRecordings.bytes })
    .from(sessionRecordings)
    .where(ofFilling(ctx, formId, answer.submissionKey))
    .orderBy(asc(sessionRecordings.seq));
  // A batch never unpacks past the filling's limit, whatever its row holds.
  const maxOutputLength = SESSION_RECORDING_LIMITS.fillingRawBytes;
  const batches: unknown[][] = [];
  let unpacked = 0;
  for (const row of rows) {
    const json = await unzip(row.data, { maxOutputLength });
    unpacked += json.length;
    if (unpacked > maxOutputLength) break;
    batches.push(JSON.parse(String(json)));
  }
  return {
    events: batches.flat() as TSessionRecording["events"],
    bytes: rows.reduce((sum, row) => sum + row.bytes, 0),
  };
}

export async function deleteRecording(ctx: TenantContext, formId: number, answerId: number): Promise<void> {
  const answer = await wholeSubmission(ctx, formId, answerId);
  await ctx.db.delete(sessionRecordings).where(ofFilling(ctx, formId, answer.submissionKey));
}

/**
 * Removes the recordings of submissions deleted just now, by their keys: a recording never
 * outlives the submission it replays.
 */
export async function deleteRecordingsOf(
  db: Pick<Db, "delete">,
  accountId: number,
  formId: number,
  keys: string[],
) {
  if (keys.length === 0) return;
  await db
    .delete(sessionRecordings)
    .where(
      and(
        eq(sessionRecordings.accountId, accountId),
        eq(sessionRecordings.formId, formId),
        inArray(sessionRecordings.submissionKey, keys),
      ),
    );
}

export function sessionRecordingRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limits = SESSION_RECORDING_LIMITS;
  r.post(
    "/forms/answer/session-recording",
    {
      config: { public: true },
      bodyLimit: limits.batchBytes,
      schema: {
        tags: ["public"],
        description:
          "A batch of the session recording (rrweb events) a respondent's page made while the form was filled, " +
          `at most ${limits.eventsPerBatch} events and ${limits.batchBytes / 1024 / 1024} MB; \`key\` is the ` +
          "Idempotency-Key the submission is sent with, which joins the two. Only for forms that record sessions " +
          "(403 session_recording.not_collected) and with the respondent's capturing consent, the options they " +
          "ticked (403 session_recording.consent_required). Pointer clicks, moves, touches, drags and " +
          "selections are kept only with `behavioralConfirmOptions`, the behavioural consent ticked; without it " +
          "only each field's focus and blur are. Stored gzipped; a filling's batches together take at " +
          `most ${limits.fillingBytes / 1024 / 1024} MB gzipped and ${limits.fillingRawBytes / 1024 / 1024} MB ` +
          "before (413 session_recording.too_large); limited per respondent " +
          "and address (429 session_recording.rate_limited with Retry-After). Of the fillings no submission took " +
          `yet, an address keeps at most ${SESSION_RECORDING_UNCLAIMED.unclaimedBytesPerAddress / 1024 / 1024} MB ` +
          "in a form a day (429 session_recording.rate_limited) and a form at most " +
          `${SESSION_RECORDING_UNCLAIMED.unclaimedBytesPerForm / 1024 / 1024} MB of the last ` +
          `${SESSION_RECORDING_UNCLAIMED.unclaimedMinutes} minutes (429 session_recording.form_full, with Retry-After).`,
        body: ZSessionRecordingBatch,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await storeRecordingBatch(deps.db, request.body, await pageSender(deps, request));
      return reply.status(204).send(null);
    },
  );

  const params = ZIdParams.extend({ answerId: ZRowId });
  r.get(
    "/forms/:id/answer/:answerId/session-recording",
    {
      schema: {
        tags: ["answers"],
        description:
          "The session recording of this submission's filling, to replay: rrweb events in order (empty when " +
          "nothing was recorded). It shows every field, so a reader limited to some fields is refused (403).",
        params,
        response: { 200: ZSessionRecording },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return readRecording(ctx, request.params.id, request.params.answerId);
    },
  );

  r.delete(
    "/forms/:id/answer/:answerId/session-recording",
    {
      schema: {
        tags: ["answers"],
        description: "Deletes the session recording of this submission's filling; the submission stays.",
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const ctx = await requireTenant(deps, request, "results.delete");
      await deleteRecording(ctx, request.params.id, request.params.answerId);
      return reply.status(204).send(null);
    },
  );
}

/**
 * Forgets the recordings of fillings no submission took within two days, as their behaviour is
 * forgotten: a respondent who agreed and then left sent nothing the author may read.
 */
export async function forgetUnsentRecordings(db: Db): Promise<number> {
  const removed = await db.execute(sql`
    delete from ${sessionRecordings} r
     where r.created_at < now() - interval '2 days'
       and not exists (select 1 from form_answers a where a.account_id = r.account_id
                         and a.form_id = r.form_id and a.submission_key = r.submission_key)
     returning 1`);
  return (removed as { rows?: unknown[] }).rows?.length ?? 0;
}
