// What was recognised, read back: per submission and per form, to readers of those questions.
import type {
  TAnswerFaces,
  TAnswerFieldsEmotions,
  TFormFieldsEmotions,
} from "@formloom/core/api/recognition";
import {
  EMOTIONS,
  type Emotion,
  type RecognitionSample,
  recognitionKind,
  sampleEmotion,
  summarizeSamples,
} from "@formloom/core/recognition";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { answerRecognitions, formAnswers } from "../../db/schema.ts";
import type { TenantContext } from "../../http/context.ts";
import { questionTitle } from "../exports/columns.ts";
import { readForm } from "../forms/presenter.ts";
import { loadForm } from "../forms/service.ts";
import { readableForm } from "../statistics/scope.ts";
import { answerRow } from "./single-result.ts";

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
