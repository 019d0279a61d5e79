import type { TRecognitionBatch } from "@formloom/core/api/recognition";
import { consentProblems, offeredConsent } from "@formloom/core/consent";
import { validationError } from "@formloom/core/errors";
import {
  RECOGNITION_LIMITS,
  type RecognitionSample,
  recognitionKind,
  summarizeSamples,
} from "@formloom/core/recognition";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/connect.ts";
import { answerRecognitions, forms } from "../../db/schema.ts";
import type { UserRow } from "../../http/context.ts";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.ts";
import { addressKey, countRequest, RateLimited } from "../../http/rate-limits.ts";
import { readForm } from "../forms/presenter.ts";
import { assertFillable } from "../forms/public.ts";

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
