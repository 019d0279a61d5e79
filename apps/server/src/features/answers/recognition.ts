import { ZIdParams, ZRowId } from "@formloom/core/api/ids";
import {
  type TAnswerFaces,
  type TAnswerFieldsEmotions,
  type TFormFieldsEmotions,
  type TRecognitionBatch,
  ZAnswerFaces,
  ZAnswerFieldsEmotions,
  ZFormFieldsEmotions,
  ZRecognitionBatch,
} from "@formloom/core/api/recognition";
import { consentProblems, offeredConsent } from "@formloom/core/consent";
import { validationError } from "@formloom/core/errors";
import {
  EMOTIONS,
  type Emotion,
  RECOGNITION_LIMITS,
  type RecognitionSample,
  recognitionKind,
  sampleEmotion,
  summarizeSamples,
} from "@formloom/core/recognition";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/connect.ts";
import { answerRecognitions, formAnswers, forms } from "../../db/schema.ts";
import {
  type Deps,
  optionalUser,
  requireTenant,
  type TenantContext,
  type UserRow,
} from "../../http/context.ts";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import { addressKey, countRequest, RateLimited } from "../../http/rate-limits.ts";
import { questionTitle } from "../exports/columns.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable } from "../forms/public.ts";
import { loadForm } from "../forms/service.ts";
import { readableForm } from "../statistics/scope.ts";
import { respondentOf } from "./respondent.ts";
import { answerRow } from "./single-result.ts";

/**
 * Requests one respondent may send: the page sends a question's samples when the respondent moves
 * on from it and all of them before the answers go, so a long filling stays well inside.
 */
export const RECOGNITION_RATE = { windowSeconds: 600, perRespondent: 200, perAddress: 1000 } as const;

/**
 * How much recognition no submission took yet may pile up: a stranger's script names a new filling
 * with each request, so the form holds that of the last `unclaimedMinutes` and an address its
 * share of the last day, as captures are held; a submission takes its filling's out of both, and
 * the clean-up removes the rest after a day (forgetUnsentRecognitions).
 */
export const RECOGNITION_UNCLAIMED = {
  unclaimedBytesPerForm: 100 * 1024 * 1024,
  unclaimedBytesPerAddress: 20 * 1024 * 1024,
  unclaimedMinutes: 30,
} as const;

/**
 * How long after its submission a filling's page may still send what it recognised: the page
 * sends the last question's samples right before or after the answers. Later, whoever learns the
 * key could rewrite a submitted answer's recognition (409 recognition.already_sent).
 */
export const RECOGNITION_AFTER_SUBMISSION = { minutes: 5 };

/**
 * Refuses a filling's recognition once its submission is older than RECOGNITION_AFTER_SUBMISSION;
 * while no submission took it, refuses it when the form's recent unclaimed
 * recognition, or the address's of the last day, would pass its share; the questions sent again
 * replace their rows, so theirs do not count twice. Run under the form's lock.
 */
async function holdUnclaimedRecognition(
  tx: Pick<Db, "execute">,
  piece: {
    accountId: number;
    formId: number;
    key: string;
    fieldIds: string[];
    uploader: string;
    bytes: number;
  },
): Promise<void> {
  const { unclaimedBytesPerForm, unclaimedBytesPerAddress, unclaimedMinutes } = RECOGNITION_UNCLAIMED;
  const replaced = sql`(r.submission_key = ${piece.key} and r.field_id in (${sql.join(
    piece.fieldIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
  const result = (await tx.execute(sql`
    select (select min(a.submit_time) > now() - make_interval(mins => ${RECOGNITION_AFTER_SUBMISSION.minutes})
              from form_answers a where a.account_id = ${piece.accountId}
               and a.form_id = ${piece.formId} and a.submission_key = ${piece.key}) as sent_lately,
           coalesce(sum(r.bytes) filter (where r.created_at > now() - make_interval(mins => ${unclaimedMinutes})), 0)::float8 as form_bytes,
           coalesce(sum(r.bytes) filter (where r.uploader = ${piece.uploader}), 0)::float8 as address_bytes
      from ${answerRecognitions} r
     where r.account_id = ${piece.accountId} and r.form_id = ${piece.formId}
       and r.created_at > now() - interval '1 day' and not ${replaced}
       and not exists (select 1 from form_answers a where a.account_id = r.account_id
                         and a.form_id = r.form_id and a.submission_key = r.submission_key)`)) as unknown as {
    rows: Array<{ sent_lately: boolean | null; form_bytes: number; address_bytes: number }>;
  };
  const held = result.rows[0];
  if (!held) return;
  // null: no submission took the filling yet; true: one did a moment ago.
  if (held.sent_lately === false) throw conflict("recognition.already_sent");
  if (held.sent_lately) return;
  if (Number(held.address_bytes) + piece.bytes > unclaimedBytesPerAddress)
    throw new RateLimited("recognition.rate_limited", RECOGNITION_RATE.windowSeconds);
  if (Number(held.form_bytes) + piece.bytes > unclaimedBytesPerForm)
    throw new RateLimited("recognition.form_full", unclaimedMinutes * 60);
}

interface Caller {
  ip: string;
  respondent: string | undefined;
  visitor: UserRow | undefined;
}

/** Keeps of a sample only what the form recognises. */
function keptSample(sample: RecognitionSample, kind: NonNullable<ReturnType<typeof recognitionKind>>) {
  const kept: RecognitionSample = { at: sample.at, faces: sample.faces };
  if (sample.faces === 0) return kept;
  if (kind.emotions && sample.emotions) kept.emotions = sample.emotions;
  if (kind.ageGender && sample.age !== undefined) kept.age = Math.round(sample.age * 10) / 10;
  if (kind.ageGender && sample.gender) kept.gender = sample.gender;
  return kept;
}

/** What a question's samples add up to, kept on their row for the form's chart (formFieldsEmotions). */
function rowSummary(samples: readonly RecognitionSample[]) {
  const { withFace, dominant } = summarizeSamples(samples);
  return { withFace, dominant };
}

/**
 * Stores what the respondent's page recognised at each question, for a form the caller may fill
 * that recognises faces, emotions or age and gender, and only with the respondent's capturing
 * consent. A question's samples sent again replace the ones before (the page sends the whole
 * timeline so far), up to the limit of samples per question.
 */
export async function storeRecognition(db: Db, batch: TRecognitionBatch, caller: Caller): Promise<void> {
  const person = caller.visitor
    ? `user:${caller.visitor.id}`
    : caller.respondent
      ? `respondent:${caller.respondent}`
      : null;
  const { windowSeconds } = RECOGNITION_RATE;
  await countRequest(
    db,
    [
      ...(person
        ? [{ key: `recognition:${person}`, max: RECOGNITION_RATE.perRespondent, windowSeconds }]
        : []),
      { key: `recognition:ip:${addressKey(caller.ip)}`, max: RECOGNITION_RATE.perAddress, windowSeconds },
    ],
    "recognition.rate_limited",
  );
  const [row] = await db.select().from(forms).where(eq(forms.id, batch.formId));
  if (!row) throw notFound("form.not_found");
  const { settings, fields } = readForm(row);
  assertFillable(row, settings, caller.visitor);
  const kind = recognitionKind(settings);
  if (!kind || !offeredConsent(settings, "capturing")) throw forbidden("recognition.not_collected");
  const choice = { capturingConfirmOptions: batch.capturingConfirmOptions };
  if (batch.capturingConfirmOptions.length === 0 || consentProblems(settings, choice).length > 0)
    throw forbidden("recognition.consent_required");
  const known = new Set(fields.map((field) => field.id));
  const problems = batch.fields.flatMap((field, i) =>
    known.has(field.fieldId) ? [] : [validationError(`fields.${i}.fieldId`, "answer.unknown_field")],
  );
  if (problems.length > 0) throw badRequest("answer.unknown_field", problems);
  const ids = batch.fields.map((field) => field.fieldId);
  if (new Set(ids).size !== ids.length) throw badRequest("recognition.field_twice");
  const uploader = addressKey(caller.ip);
  const values = batch.fields.map((field) => {
    const samples = [...field.samples]
      .sort((a, b) => a.at - b.at)
      .slice(0, RECOGNITION_LIMITS.samplesPerField)
      .map((sample) => keptSample(sample, kind));
    return {
      accountId: row.accountId,
      formId: row.id,
      submissionKey: batch.key,
      fieldId: field.fieldId,
      samples,
      uploader,
      bytes: JSON.stringify(samples).length,
      ...rowSummary(samples),
    };
  });
  await db.transaction(async (tx) => {
    // One lock per form: the form's and the address's shares hold under parallel requests too.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('form-recognitions'), ${row.id}::int4)`);
    await holdUnclaimedRecognition(tx, {
      accountId: row.accountId,
      formId: row.id,
      key: batch.key,
      fieldIds: ids,
      uploader,
      bytes: values.reduce((sum, value) => sum + value.bytes, 0),
    });
    await tx
      .insert(answerRecognitions)
      .values(values)
      .onConflictDoUpdate({
        target: [
          answerRecognitions.accountId,
          answerRecognitions.formId,
          answerRecognitions.submissionKey,
          answerRecognitions.fieldId,
        ],
        set: {
          samples: sql`excluded.samples`,
          uploader: sql`excluded.uploader`,
          bytes: sql`excluded.bytes`,
          withFace: sql`excluded.with_face`,
          dominant: sql`excluded.dominant`,
        },
      });
  });
}

/** Each question's samples stored under these filling keys: key → field → samples. */
async function samplesByKey(
  db: Db,
  form: { accountId: number; formId: number },
  keys: readonly string[],
  fieldIds: readonly string[],
): Promise<Map<string, Map<string, RecognitionSample[]>>> {
  const found = new Map<string, Map<string, RecognitionSample[]>>();
  if (keys.length === 0 || fieldIds.length === 0) return found;
  const rows = await db
    .select({
      key: answerRecognitions.submissionKey,
      fieldId: answerRecognitions.fieldId,
      samples: answerRecognitions.samples,
    })
    .from(answerRecognitions)
    .where(
      and(
        eq(answerRecognitions.accountId, form.accountId),
        eq(answerRecognitions.formId, form.formId),
        inArray(answerRecognitions.submissionKey, [...keys]),
        inArray(answerRecognitions.fieldId, [...fieldIds]),
      ),
    );
  for (const row of rows) {
    const byField = found.get(row.key) ?? new Map<string, RecognitionSample[]>();
    byField.set(row.fieldId, row.samples);
    found.set(row.key, byField);
  }
  return found;
}

/** The questions of a submission the caller may read, with the samples stored at each. */
async function answerSamples(ctx: TenantContext, formId: number, answerId: number) {
  const form = await readableForm(ctx, formId);
  const answer = await answerRow(ctx, formId, answerId);
  const byField =
    (
      await samplesByKey(
        ctx.db,
        form,
        [answer.submissionKey],
        form.fields.map((field) => field.id),
      )
    ).get(answer.submissionKey) ?? new Map<string, RecognitionSample[]>();
  const fields = form.fields.flatMap((element) => {
    const samples = byField.get(element.id);
    return samples ? [{ element, samples }] : [];
  });
  return { form, answer, fields };
}

/** The faces, age and gender seen at each question of a submission, and over all of them. */
export async function answerFaces(
  ctx: TenantContext,
  formId: number,
  answerId: number,
): Promise<TAnswerFaces> {
  const { answer, fields } = await answerSamples(ctx, formId, answerId);
  const { settings } = readForm(await loadForm(ctx, formId));
  const summary = (samples: RecognitionSample[]) => {
    const { samples: count, withFace, maxFaces, age, gender } = summarizeSamples(samples);
    return { samples: count, withFace, maxFaces, age, gender };
  };
  return {
    answerId: answer.id,
    recognises: recognitionKind(settings) ?? { faces: false, emotions: false, ageGender: false },
    overall: fields.length ? summary(fields.flatMap((field) => field.samples)) : null,
    fields: fields.map(({ element, samples }) => ({
      fieldId: element.id,
      question: questionTitle(element, true),
      ...summary(samples),
    })),
  };
}

/** Each question's emotions of a submission: the timeline, the dominant one and the expected one. */
export async function answerFieldsEmotions(
  ctx: TenantContext,
  formId: number,
  answerId: number,
): Promise<TAnswerFieldsEmotions> {
  const { answer, fields } = await answerSamples(ctx, formId, answerId);
  return {
    answerId: answer.id,
    fields: fields.map(({ element, samples }) => {
      const summary = summarizeSamples(samples);
      const expected = element.userBehaviorSettings.expectedEmotion ?? null;
      return {
        fieldId: element.id,
        question: questionTitle(element, true),
        expectedEmotion: expected,
        samples: summary.samples,
        withFace: summary.withFace,
        dominant: summary.dominant,
        matchesExpected: expected && summary.dominant ? expected === summary.dominant : null,
        emotions: summary.emotions,
        timeline: samples.map((sample) => {
          const emotion = sampleEmotion(sample);
          return {
            at: sample.at,
            faces: sample.faces,
            emotion,
            score: emotion ? (sample.emotions?.[emotion] ?? 0) : null,
          };
        }),
      };
    }),
  };
}

/**
 * Each question's dominant emotions over the form's submissions, against the expected one, added
 * up in the database from what each row's samples came to when they were written (rowSummary).
 */
export async function formFieldsEmotions(ctx: TenantContext, formId: number): Promise<TFormFieldsEmotions> {
  const form = await readableForm(ctx, formId);
  const fieldIds = form.fields.map((field) => field.id);
  if (fieldIds.length === 0) return { submissions: 0, fields: [] };
  // Only the rows a submission took: a filling never sent is no submission.
  const taken = and(
    eq(formAnswers.accountId, answerRecognitions.accountId),
    eq(formAnswers.formId, answerRecognitions.formId),
    eq(formAnswers.submissionKey, answerRecognitions.submissionKey),
  );
  const readable = and(
    eq(answerRecognitions.accountId, ctx.accountId),
    eq(answerRecognitions.formId, formId),
    inArray(answerRecognitions.fieldId, fieldIds),
  );
  const groups = await ctx.db
    .select({
      fieldId: answerRecognitions.fieldId,
      dominant: answerRecognitions.dominant,
      answers: sql<number>`count(*)::int`,
      noFace: sql<number>`(count(*) filter (where ${answerRecognitions.withFace} = 0))::int`,
    })
    .from(answerRecognitions)
    .innerJoin(formAnswers, taken)
    .where(readable)
    .groupBy(answerRecognitions.fieldId, answerRecognitions.dominant);
  const [total] = await ctx.db
    .select({ submissions: sql<number>`count(distinct ${answerRecognitions.submissionKey})::int` })
    .from(answerRecognitions)
    .innerJoin(formAnswers, taken)
    .where(readable);
  const zero = () => Object.fromEntries(EMOTIONS.map((emotion) => [emotion, 0])) as Record<Emotion, number>;
  const perField = new Map(
    form.fields.map((element) => [element.id, { answers: 0, noFace: 0, dominant: zero() }]),
  );
  for (const group of groups) {
    const tally = perField.get(group.fieldId);
    if (!tally) continue;
    tally.answers += group.answers;
    tally.noFace += group.noFace;
    if (group.dominant && group.dominant in tally.dominant) tally.dominant[group.dominant] += group.answers;
  }
  return {
    submissions: total?.submissions ?? 0,
    fields: form.fields.flatMap((element) => {
      const tally = perField.get(element.id)!;
      if (tally.answers === 0) return [];
      const expected = element.userBehaviorSettings.expectedEmotion ?? null;
      return [
        {
          fieldId: element.id,
          question: questionTitle(element, true),
          expectedEmotion: expected,
          ...tally,
          matchedExpected: expected ? tally.dominant[expected] : null,
        },
      ];
    }),
  };
}

/** Removes the recognition of submissions deleted in the same transaction, by their keys. */
export async function deleteRecognitionsOf(
  db: Pick<Db, "delete">,
  accountId: number,
  formId: number,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(answerRecognitions)
    .where(
      and(
        eq(answerRecognitions.accountId, accountId),
        eq(answerRecognitions.formId, formId),
        inArray(answerRecognitions.submissionKey, keys),
      ),
    );
}

/** Removes the recognition of fillings no submission took within a day. */
export async function forgetUnsentRecognitions(db: Db): Promise<number> {
  const removed = (await db.execute(sql`
    delete from ${answerRecognitions} r
     where r.created_at < now() - interval '1 day'
       and not exists (select 1 from form_answers a where a.account_id = r.account_id
                         and a.form_id = r.form_id and a.submission_key = r.submission_key)
     returning 1`)) as unknown as { rows: unknown[] };
  return removed.rows.length;
}

export function recognitionRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/forms/answer/recognition",
    {
      config: { public: true },
      bodyLimit: RECOGNITION_LIMITS.requestBytes,
      schema: {
        tags: ["public"],
        description:
          "What the respondent's page recognised on the camera's picture while each question was answered (faces " +
          "seen, the seven emotions' scores, age and gender of the largest face), per question: the samples, at " +
          `most ${RECOGNITION_LIMITS.samplesPerField} a question, replace the ones sent before for that question. ` +
          "`key` is the Idempotency-Key the submission is sent with, which joins the two. A sample with faces 0 " +
          "is a look that found no face. Only for forms that recognise faces, emotions or age and gender (403 " +
          "recognition.not_collected), with the respondent's capturing consent (403 recognition.consent_required); " +
          "questions of the form only (400 answer.unknown_field), each once (400 recognition.field_twice); limited " +
          "per respondent and address (429 recognition.rate_limited with Retry-After). Of the fillings no submission took " +
          `yet, an address keeps at most ${RECOGNITION_UNCLAIMED.unclaimedBytesPerAddress / 1024 / 1024} MB in a form a day ` +
          `(429 recognition.rate_limited) and a form at most ${RECOGNITION_UNCLAIMED.unclaimedBytesPerForm / 1024 / 1024} MB ` +
          `of the last ${RECOGNITION_UNCLAIMED.unclaimedMinutes} minutes (429 recognition.form_full, with Retry-After). ` +
          `A submitted filling's page may still send for ${RECOGNITION_AFTER_SUBMISSION.minutes} minutes after the ` +
          "submission (409 recognition.already_sent).",
        body: ZRecognitionBatch,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const visitor = request.headers.authorization
        ? await optionalUser(deps, request).catch(() => undefined)
        : undefined;
      await storeRecognition(deps.db, request.body, {
        ip: request.ip,
        respondent: respondentOf(request),
        visitor,
      });
      return reply.status(204).send(null);
    },
  );

  const params = ZIdParams.extend({ answerId: ZRowId });
  r.get(
    "/forms/:id/answer/:answerId/faces",
    {
      schema: {
        tags: ["answers"],
        description:
          "The faces, age and gender the respondent's page saw at each question of this submission, and over all " +
          "of them (overall: null when nothing was recognised). A reader limited to some fields sees those.",
        params,
        response: { 200: ZAnswerFaces },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return answerFaces(ctx, request.params.id, request.params.answerId);
    },
  );
  r.get(
    "/forms/:id/answer/:answerId/charts/fields-emotions",
    {
      schema: {
        tags: ["answers"],
        description:
          "Each question's emotions while it was answered in this submission: the timeline, the dominant emotion " +
          "and the element's expected emotion (userBehaviorSettings.expectedEmotion) with whether they match. " +
          "A reader limited to some fields sees those.",
        params,
        response: { 200: ZAnswerFieldsEmotions },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return answerFieldsEmotions(ctx, request.params.id, request.params.answerId);
    },
  );
  r.get(
    "/forms/:id/answers/charts/fields-emotions",
    {
      schema: {
        tags: ["answers"],
        description:
          "Each question's dominant emotions over the form's submissions: how many had each, how many showed no " +
          "face, and how many matched the expected emotion. A reader limited to some fields sees those.",
        params: ZIdParams,
        response: { 200: ZFormFieldsEmotions },
      },
    },
    async (request) => {
      const ctx = await requireTenant(deps, request, "results.view");
      return formFieldsEmotions(ctx, request.params.id);
    },
  );
}
