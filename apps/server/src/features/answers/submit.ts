import { randomUUID } from "node:crypto";
import { plausibleAnsweringTimes } from "@formloom/core/behavior";
import { closedByTime } from "@formloom/core/closing";
import { reachedEnding, type TShownEnding } from "@formloom/core/ending-screens";
import { keptPathArgs } from "@formloom/core/path-args";
import { arrangeQuestions, QUESTION_SEED_KEY } from "@formloom/core/question-output";
import type { RuleIntent } from "@formloom/core/rules";
import { formulaAnswers, formulaValues, type ResultOutcome, scoreSubmission } from "@formloom/core/scoring";
import type { TSubmission } from "@formloom/core/submission";
import { validateSubmission } from "@formloom/core/submission";
import { respondentOutcome, type TRespondentOutcome } from "@formloom/core/thank-you";
import { formTimeLimit, timeOver, timeUpAllowed } from "@formloom/core/time-limits";
import type { Database, Query } from "../../db/connect.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors.ts";
import type { UserRow } from "../../http/context.ts";
import { AppError, badRequest, forbidden, notFound } from "../../http/errors.ts";
import { checkFileAnswers, claimFiles, fieldsWithFiles } from "../files/uploads.ts";
import { assertFillable } from "../forms/public.ts";
import { withCheckedRespondentEmail } from "../notifications/respondent-email.ts";
import {
  type AnswerRow,
  type AnswerToStore,
  createAnswerWriter,
  insertAnswers,
  type StoredAnswer,
} from "./answer-writer.ts";
import type { Captcha, CheckedCaptcha } from "./captcha.ts";
import { deviceOf } from "./device.ts";
import { createFormCache, type FillableForm } from "./form-cache.ts";
import { type Geo, geoOf } from "./geo.ts";
import { type NextSubmissionAsker, nextSubmissionTime } from "./next-submission.ts";
import { dropPartial } from "./partials.ts";
import { respondentChoices } from "./respondent-choices.ts";
import {
  lastSubmissionWithin,
  lockKeys,
  type Sender,
  senderMatch,
  storedRespondent,
} from "./respondent-keys.ts";

export interface SubmissionMeta {
  ip: string;
  userAgent: string | undefined;
  acceptLanguage: string | undefined;
  visitor: UserRow | undefined;
  /** The id in the browser's signed respondent cookie, if it sent a valid one. */
  respondent: string | undefined;
  /** The client's Idempotency-Key: a retry with the same key is stored once. */
  idempotencyKey: string | undefined;
  /** Told when the address could not be looked up (the GeoIP database failed to load). */
  onGeoError?: (error: unknown) => void;
}

export interface Accepted {
  id: number;
  submitTime: string;
  /** A calculation form's result as the respondent may see it (no points per question). */
  outcome: TRespondentOutcome | null;
  /** The key was used before: this is the submission stored then. */
  replayed: boolean;
  /** The ending screen the submission reached (ending-screens.ts); null for the form's own thank-you page. */
  ending: TShownEnding | null;
  /** Its form may be in a form chain (only then is there a next form to send the respondent to). */
  chained: boolean;
}

/** How often a submission is checked again when its form changes under it before giving up. */
const ATTEMPTS = 3;

/**
 * Stores respondents' submissions after checking them with core's validation. A submission is
 * acknowledged only once the statement that stores it has committed. Nothing on the form's row
 * is written, so submissions to one form never queue behind each other.
 */
export function createSubmissions(database: Database, captcha?: Captcha) {
  const formCache = createFormCache(database.db);
  // PGlite runs one statement at a time: more writes at once would only queue inside it.
  const writer = createAnswerWriter(database.raw, {
    maxRows: 200,
    parallelWrites: database.engine === "pglite" ? 1 : 4,
  });

  async function submit(body: TSubmission, meta: SubmissionMeta): Promise<Accepted> {
    const submissionKey = meta.idempotencyKey ?? randomUUID();
    // Where the address is: looked up once, never failing the submission.
    const geo = await geoOf(meta.ip, meta.onGeoError);
    let solved: CheckedCaptcha | null = null;
    let claimed = false;
    let readAgain = false;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { form, fresh } = await formCache.get(body.formId, readAgain);
      readAgain = true;
      const outcome = await tryStoring(form).catch((error: unknown) => {
        // A refusal decided on a copy read before this request may be the form's past, not its
        // present (closed then, published since): it is decided again on the form as it is now.
        if (error instanceof AppError && error.status < 500 && !fresh) return undefined;
        throw error;
      });
      if (outcome) return outcome;
    }
    throw new AppError(409, "submission.form_changed");

    /** Stores the submission as checked against `form`: undefined when the form changed meanwhile. */
    async function tryStoring(form: FillableForm): Promise<Accepted | undefined> {
      assertFillable(form.row, form.settings, meta.visitor);
      if (closedByTime(form.settings)) throw forbidden("form.closed");
      // A form with a captcha takes a solution of a challenge this server issued, once.
      const captchaAt = captcha ? form.captchaAt : null;
      if (captcha && captchaAt !== null && solved === null)
        solved = await captcha.check(body.captcha, captchaAt);
      // Files are the ones uploaded to this form and field, as the server measured them.
      const files = await checkFileAnswers(
        database.db,
        { accountId: form.row.accountId, id: form.row.id, fields: form.fields },
        body.answers,
        meta.idempotencyKey,
      );
      if (files.errors.length > 0) throw badRequest("submission.invalid", files.errors);
      const began = await secondsSinceBegun(form, meta.idempotencyKey);
      const prepared = prepare(form, { ...body, answers: files.answers }, meta, submissionKey, geo, began);
      if (prepared.timeOver) {
        // A resend of answers taken in time (stored, or still being stored) is answered as they
        // were; new ones come too late.
        const earlier = await storedUnderKeySoon(database.raw.query, prepared);
        if (earlier) return { ...earlier, replayed: true, chained: true };
        throw forbidden("submission.time_over");
      }
      if (captcha && captchaAt !== null && solved !== null && !claimed) {
        claimed = await captcha.claim(solved);
        if (!claimed) {
          // Used before: a resend under the same key is answered with what it stored then, or,
          // while that first request is still being stored (here or on another process), once it is.
          const earlier = meta.idempotencyKey
            ? await storedUnderKeySoon(database.raw.query, prepared)
            : undefined;
          if (earlier) return { ...earlier, replayed: true, chained: true };
          throw captcha.refusal(captchaAt);
        }
      }
      // The filling is sent: what was kept of it along the way (a partial response) goes with the
      // statement that stores it, or, for a submission with files, once its files are claimed.
      const toStore = {
        row: prepared.row,
        dropPartial: files.fileIds.length === 0,
        publish: prepared.publish,
      };
      const stored = await (prepared.intervalSeconds !== null || prepared.maxResponses !== null
        ? storeExclusively(database.raw.transaction, prepared, toStore)
        : writer.add(toStore)
      ).catch((error: unknown) => {
        // The form was deleted while this submission was being stored.
        throw isForeignKeyViolation(error) ? notFound("form.not_found") : error;
      });
      if (stored !== null) {
        const { accountId, formId } = prepared.row;
        const { id, chained } = stored;
        if (files.fileIds.length > 0) {
          const taken = await claimFiles(database.db, accountId, formId, id, files.fileIds);
          if (taken.length > 0) {
            // Another submission sent at the same moment took one of these files: this one is not
            // acknowledged, so it is taken back whole.
            await database.raw.query("delete from form_answers where account_id = $1 and id = $2", [
              accountId,
              id,
            ]);
            throw badRequest("submission.invalid", fieldsWithFiles(files.answers, taken));
          }
          await dropPartial(database.raw.query, accountId, formId, prepared.row.submissionKey);
        }
        const { submitTime } = prepared.row;
        return {
          id,
          submitTime,
          outcome: prepared.outcome,
          ending: prepared.ending,
          replayed: false,
          chained,
        };
      }
      if (meta.idempotencyKey) {
        const earlier = await storedUnderKey(database.raw.query, prepared);
        if (earlier) return { ...earlier, replayed: true, chained: true };
      }
      // Not stored and not a retry: the form changed or closed since the copy was read.
      return undefined;
    }
  }

  /**
   * Seconds since the server saw this filling begin (POST /forms/start under the submission's
   * key), by the database's clock, which every process shares; null where the form has no time
   * limit or no beginning was seen.
   */
  async function secondsSinceBegun(form: FillableForm, key: string | undefined): Promise<number | null> {
    if (key === undefined || formTimeLimit(form.settings) === 0) return null;
    const [found] = await database.raw.query<{ elapsed: number }>(
      `select extract(epoch from now() - created_at)::float8 as elapsed from form_starts
        where account_id = $1::int4 and form_id = $2::int4 and visit_key = $3::text`,
      [form.row.accountId, form.row.id, key],
    );
    return found ? Number(found.elapsed) : null;
  }

  /** When this respondent may send the form again (null: now), on the form as it is now. */
  async function nextSubmission(formId: number, asker: NextSubmissionAsker): Promise<string | null> {
    const { form } = await formCache.get(formId, true);
    return nextSubmissionTime(database.raw.query, form, asker);
  }

  return { submit, nextSubmission };
}

export type Submissions = ReturnType<typeof createSubmissions>;

interface Prepared {
  row: AnswerRow;
  outcome: TRespondentOutcome | null;
  ending: TShownEnding | null;
  /** The most points the form gives, whatever the answers: null for a form that is not scored. */
  maxScore: number | null;
  /** The form limits how often one respondent submits: checked and stored under a lock. */
  intervalSeconds: number | null;
  /** The form closes at this many submissions: counted and stored under its counter's lock. */
  maxResponses: number | null;
  /** The form's rules publish (true) or unpublish (false) it on this submission: with its statement. */
  publish: boolean | null;
  sender: Sender;
  /** Sent too long after the server saw the filling begin for the form's time limit. */
  timeOver: boolean;
}

/** Of the rules that publish or unpublish the form, the last one's word counts; null when none does. */
function publishingOf(intents: readonly RuleIntent[]): boolean | null {
  const last = intents.filter((intent) => intent.type === "publish" || intent.type === "unpublish").at(-1);
  return last ? last.type === "publish" : null;
}

/** Everything a submission needs short of the database, its form found fillable: validation, scoring, the row. */
function prepare(
  form: FillableForm,
  body: TSubmission,
  meta: SubmissionMeta,
  key: string,
  geo: Geo | null,
  secondsSinceBegun: number | null,
): Prepared {
  const { row, settings, fields, intervalSeconds } = form;
  const sender: Sender = {
    userId: meta.visitor?.id ?? null,
    cookie: meta.respondent ?? null,
    fingerprint: body.deviceFingerprint ?? null,
    ip: meta.ip,
  };
  // The questions this respondent was given: a part of them, or shuffled, by their page's seed.
  const seed = body.miscData?.[QUESTION_SEED_KEY];
  const asked = arrangeQuestions(fields, settings, typeof seed === "string" ? seed : "");
  const submitTime = new Date();
  const startTime = body.startTime ? new Date(body.startTime) : null;
  const reported =
    body.formPassingTime ?? (startTime ? (submitTime.getTime() - startTime.getTime()) / 1000 : null);
  // The page's clock starts before the first question is touched, so it reports at least the time
  // the server measured since then: less is not believed.
  const passing =
    secondsSinceBegun === null ? reported : Math.max(reported ?? secondsSinceBegun, secondsSinceBegun);
  // Questions may go in empty only where the form had a time limit and it ran out.
  if (body.timeUp && !timeUpAllowed(settings, asked, body.timeUp, passing))
    throw badRequest("submission.time_up_invalid");
  // Consent choices among the offered options; a form sent on leaving only where it does that.
  const choices = respondentChoices(settings, body);
  const { errors, answers, shown, outcome } = validateSubmission(asked, withoutRefusedTimes(body, choices), {
    rules: settings.conditionalRules,
    captcha: body.captcha ?? "",
    display: settings.display,
    timeUp: choices.timeUp,
  });
  if (errors.length > 0) throw badRequest("submission.invalid", errors);
  const given = Object.fromEntries(answers.map((a) => [a.fieldId, a.answer]));
  const scored =
    settings.type === "calculation"
      ? scoreSubmission(settings, fields, given, { cursorOutCases: choices.cursorOutCases })
      : null;
  const formulas = formulaAnswers(
    asked,
    scored?.formulas ?? formulaValues(fields, given),
    (element) => outcome.elements[element.id]?.hidden === true,
  );

  return {
    row: {
      accountId: row.accountId,
      formId: row.id,
      formVersion: form.version,
      userId: meta.visitor?.accountId === row.accountId ? meta.visitor.id : null,
      startTime: startTime && startTime <= submitTime ? startTime.toISOString() : null,
      submitTime: submitTime.toISOString(),
      formPassingTime: passing === null || passing < 0 ? null : Math.round(passing),
      // Answering times the page measured: kept where the form collects behaviour and they can be true.
      answers: [
        ...plausibleAnsweringTimes(
          answers,
          passing === null || passing < 0 ? null : passing,
          settings.collectBehaviorData,
        ),
        ...formulas,
      ],
      device: deviceOf(meta.userAgent, meta.acceptLanguage, body.device),
      deviceFingerprint: body.deviceFingerprint ?? null,
      respondent: storedRespondent(sender),
      ip: meta.ip,
      geo,
      miscData: keptMiscData(withCheckedRespondentEmail(body.miscData)),
      shown,
      capturingConfirmOptions: choices.capturingConfirmOptions,
      behavioralConfirmOptions: choices.behavioralConfirmOptions,
      score: scored?.total ?? null,
      result: scored?.result ?? null,
      fieldScores: scored?.fieldScores ?? null,
      submissionKey: key,
    },
    outcome: scored ? respondentOutcome(scored) : null,
    ending: reachedEnding(settings.endingScreens ?? [], scored?.result, outcome.matched),
    maxScore: scored?.maxScore ?? null,
    intervalSeconds,
    // A form stored before the limit existed has no such setting.
    maxResponses: settings.maxResponses ?? null,
    publish: publishingOf(outcome.intents),
    sender,
    timeOver: secondsSinceBegun !== null && timeOver(settings, secondsSinceBegun),
  };
}

/**
 * Stores one submission in its own transaction when the form limits how often one respondent may
 * submit (under a lock per respondent) or how many submissions it takes (under its counter row's
 * lock, which the inserted row's number is taken under too): a burst is checked one at a time,
 * on either engine and across processes, so the limit's last place goes to exactly one of them.
 * A rule's publishing change is made by the same statement (answer-writer.ts), under the counter's lock.
 */
async function storeExclusively(
  transaction: Database["raw"]["transaction"],
  prepared: Prepared,
  toStore: AnswerToStore,
): Promise<StoredAnswer | null> {
  const { row, intervalSeconds, maxResponses } = prepared;
  return transaction(async (query) => {
    // The respondent's lock before the counter's: every submission takes them in this order.
    if (intervalSeconds !== null) await assertIntervalPassed(query, prepared, intervalSeconds);
    if (maxResponses !== null) await assertBelowLimit(query, row, maxResponses);
    const [stored] = await insertAnswers(query, [toStore]);
    return stored ?? null;
  }).catch((error: unknown) => {
    // Its key stored by another process meanwhile (answer-writer.ts): stored there, not here.
    if (isUniqueViolation(error)) return null;
    throw error;
  });
}

/**
 * Locks the form's counter row (made if the form has none yet) and refuses the submission when
 * the form already holds `limit` submissions: the count read under the lock is the committed one.
 */
async function assertBelowLimit(query: Query, row: AnswerRow, limit: number): Promise<void> {
  const [counted] = await query<{ total: number }>(
    `insert into form_answer_counts as c (account_id, form_id) values ($1::int4, $2::int4)
       on conflict (account_id, form_id) do update set total = c.total
       returning c.total`,
    [row.accountId, row.formId],
  );
  if (Number(counted?.total ?? 0) >= limit) throw forbidden("form.closed");
}

async function assertIntervalPassed(query: Query, prepared: Prepared, seconds: number): Promise<void> {
  const { row, sender } = prepared;
  const form = { accountId: row.accountId, id: row.formId };
  const match = await senderMatch(query, form, sender);
  // Locks taken in one order by every submission, so two respondents sharing a key cannot deadlock.
  await query(
    `select pg_advisory_xact_lock($1::int4, hashtext(k))
       from (select distinct k from string_to_table($2::text, E'\\n') k order by k) keys`,
    [row.formId, lockKeys(match).join("\n")],
  );
  if (await lastSubmissionWithin(query, form, seconds, match)) throw new AppError(429, "submission.too_soon");
}

/** The submission stored under this key before, with the outcome it was given then. */
async function storedUnderKey(query: Query, { row, maxScore, ending }: Prepared) {
  const [found] = await query<{
    id: number;
    submit_time: string;
    score: number | null;
    result: ResultOutcome | null;
  }>(
    `select id, to_json(submit_time) #>> '{}' as submit_time, score, result from form_answers
      where account_id = $1::int4 and form_id = $2::int4 and submission_key = $3::text`,
    [row.accountId, row.formId, row.submissionKey],
  );
  if (!found) return undefined;
  const outcome =
    found.result && maxScore !== null
      ? respondentOutcome({ total: Number(found.score ?? 0), maxScore, result: found.result })
      : null;
  // The same answers under the same key reach the same ending.
  return { id: Number(found.id), submitTime: new Date(found.submit_time).toISOString(), outcome, ending };
}

/** How long a resend waits for the first request under its key to be stored. */
const IN_FLIGHT_WAIT_MS = 5000;

/** The submission stored under this key, waiting a moment for one still in flight. */
async function storedUnderKeySoon(query: Query, prepared: Prepared) {
  const deadline = Date.now() + IN_FLIGHT_WAIT_MS;
  for (let pause = 10; ; pause = Math.min(pause * 2, 200)) {
    const earlier = await storedUnderKey(query, prepared);
    if (earlier || Date.now() >= deadline) return earlier;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** A respondent who refused behavioural data collection has no answering times kept. */
function withoutRefusedTimes(body: TSubmission, choices: { behaviourRefused: boolean }) {
  if (!choices.behaviourRefused) return body.answers;
  return body.answers.map(({ answeringTime: _time, ...answer }) => answer);
}

/** What the page sent besides the answers, its path args cut to their limits. */
function keptMiscData(misc: TSubmission["miscData"]): Record<string, unknown> | null {
  if (!misc) return null;
  const { pathArgs, ...rest } = misc;
  if (pathArgs === undefined) return rest;
  const args =
    pathArgs && typeof pathArgs === "object" ? keptPathArgs(pathArgs as Record<string, unknown>) : {};
  return Object.keys(args).length > 0 ? { ...rest, pathArgs: args } : rest;
}
