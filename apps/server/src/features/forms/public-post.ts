import type { ValidationError } from "@formloom/core/errors";
import {
  answersFromEntries,
  FORM_POST_FIELDS,
  type FormEntries,
  newlyOpened,
  SEND_STEP,
  sendsFiles,
  type TPostedForm,
  unpostableQuestions,
} from "@formloom/core/form-post";
import { NOTIFICATION_EMAIL_INPUT, NOTIFICATION_EMAIL_KEY } from "@formloom/core/notification-email";
import { pageCount, pageOfFirst } from "@formloom/core/paged-post";
import { SENT_PARAM } from "@formloom/core/path-args";
import { arrangeQuestions, QUESTION_SEED_KEY } from "@formloom/core/question-output";
import { type TSubmissionAnswer, validateSubmission, ZSubmission } from "@formloom/core/submission";
import { redirectTarget, showsFormAgain } from "@formloom/core/thank-you";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Deps } from "../../http/context.ts";
import { AppError, badRequest } from "../../http/errors.ts";
import type { FileStorage } from "../../storage/file-storage.ts";
import { issueRespondentCookie, respondentOf } from "../answers/respondent.ts";
import type { Submissions } from "../answers/submit.ts";
import { continueChain, takeChainToken } from "../form-chains/respondent.ts";
import { type PublicPageRenderer, pathArgsOfRequest, publicPageForm, sendPublicPage } from "./public-page.ts";
import { postedFileAnswers, readMultipartForm, SUBMISSION_KEY } from "./public-post-files.ts";
import { postedPage } from "./public-post-pages.ts";

const FORM_URLENCODED = "application/x-www-form-urlencoded";

/**
 * POST /f/:alias/send (and /f/:alias, where pages drawn before posted): the public form sent by
 * the browser itself, without JavaScript. The answers go through the same submission service as
 * `POST /api/forms/answer`, with every check it makes; a refused form comes back drawn by the
 * server with its errors and what was typed, a stored one goes on (303, so a reload does not send
 * it again) to what the form's author chose: the thank-you page, the form again, or their link.
 */
export function publicPostRoutes(
  app: FastifyInstance,
  deps: Deps,
  submissions: Submissions,
  renderer: PublicPageRenderer,
  storage: FileStorage,
): void {
  void app.register(async (scope) => {
    // Only these routes read form bodies; the API itself takes JSON.
    scope.addContentTypeParser(FORM_URLENCODED, { parseAs: "string" }, (_request, body, done) => {
      done(null, formEntries(String(body)));
    });
    // Pages, not calls of the API: left out of their reference. The page posts beside itself
    // (SEND_STEP); its own address takes a post too, as pages drawn before did.
    for (const url of ["/f/:alias", `/f/:alias/${SEND_STEP}`])
      scope.post(
        url,
        { schema: { hide: true } },
        (request: FastifyRequest<{ Params: { alias: string } }>, reply) =>
          receive({ deps, submissions, renderer, storage }, request, reply),
      );
  });
  // Opened rather than posted (a reload that did not post again, a copied address): the form itself.
  app.get(
    `/f/:alias/${SEND_STEP}`,
    { schema: { hide: true } },
    (request: FastifyRequest<{ Params: { alias: string } }>, reply) => {
      return reply.redirect(`/f/${encodeURIComponent(request.params.alias)}${searchOf(request.url)}`, 303);
    },
  );
}

/** The query of a request's address, from its "?"; "" without one. */
const searchOf = (url: string) => (url.includes("?") ? url.slice(url.indexOf("?")) : "");

/** Every value under each name, as the browser sent them; a null prototype, so no name is special. */
function formEntries(body: string): Record<string, string[]> {
  const entries: Record<string, string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    const values = entries[name];
    if (values) values.push(value);
    else entries[name] = [value];
  }
  return entries;
}

/** The hidden inputs a post came with, to be drawn again as they were (the page draws its own page). */
const hiddenOf = (entries: FormEntries): Record<string, string> =>
  Object.fromEntries(
    Object.values(FORM_POST_FIELDS).flatMap((name) => {
      const value = entries[name]?.[0];
      return value === undefined || name === FORM_POST_FIELDS.page || name === FORM_POST_FIELDS.back
        ? []
        : [[name, value]];
    }),
  );

/** What a post answered, drawn again in its inputs. */
const valuesOf = (answers: readonly TSubmissionAnswer[], email: string | undefined) => ({
  ...Object.fromEntries(answers.map((answer) => [answer.fieldId, answer.answer])),
  // The address typed for the e-mail notification comes back into its input too.
  ...(email !== undefined ? { [NOTIFICATION_EMAIL_INPUT]: email } : {}),
});

const isEntries = (body: unknown): body is FormEntries =>
  typeof body === "object" && body !== null && Object.getPrototypeOf(body) === null;

interface Receiving {
  deps: Deps;
  submissions: Submissions;
  renderer: PublicPageRenderer;
  storage: FileStorage;
}

async function receive(
  { deps, submissions, renderer, storage }: Receiving,
  request: FastifyRequest<{ Params: { alias: string } }>,
  reply: FastifyReply,
) {
  // A JSON body, or none: this address takes only what a browser's form sends (with files, multipart).
  if (!request.isMultipart() && !isEntries(request.body)) throw new AppError(415, "request.invalid");
  const { status, location, form } = await publicPageForm(deps, request, false);
  const origin = deps.settings.publicUrl?.replace(/\/+$/, "") ?? `${request.protocol}://${request.host}`;
  const page = (code: number, submitted?: TPostedForm) =>
    sendPublicPage(
      reply,
      code,
      renderer.render({ url: `${origin}${request.url}`, location, form, submitted }),
      form,
    );
  if (form.kind !== "ready") return page(status);
  // Multipart only where the page sends files; read once the form is known, so a file is read
  // only for one of its file questions.
  if (request.isMultipart() && !sendsFiles(form.data.fields)) throw new AppError(415, "request.invalid");
  const multipart = request.isMultipart()
    ? await readMultipartForm(deps, request, form.data.fields)
    : undefined;
  const entries = multipart?.entries ?? request.body;
  if (!isEntries(entries)) throw new AppError(415, "request.invalid");
  issueRespondentCookie(request, reply);

  const { data } = form;
  const first = (name: string) => entries[name]?.[0];
  const key = first(FORM_POST_FIELDS.submissionKey);
  const startTime = first(FORM_POST_FIELDS.startTime);
  const seed = first(FORM_POST_FIELDS.seed);
  const validKey = key && SUBMISSION_KEY.test(key) ? key : undefined;
  const email = first(NOTIFICATION_EMAIL_INPUT);
  const posted = answersFromEntries(data.fields, entries);
  const asked = arrangeQuestions(data.fields, data.form, seed ?? "");
  // A question shown whose answer the browser's own form cannot send would be stored empty, its
  // answer lost: nothing is kept (no file either), and the page says the form needs JavaScript.
  const given = Object.fromEntries(posted.map((answer) => [answer.fieldId, answer.answer]));
  if (unpostableQuestions(asked, data.form.conditionalRules ?? [], given).length > 0)
    return page(422, {
      values: valuesOf(posted, email),
      errors: [],
      notice: "form.needs_script",
      hidden: hiddenOf(entries),
    });
  const files = await postedFileAnswers(
    deps,
    storage,
    request,
    { id: data.form.id, fields: data.fields },
    validKey,
    multipart ?? { entries },
  );
  const answers = [...posted, ...files.answers];
  const pathArgs = pathArgsOfRequest(request);
  const chainToken = takeChainToken({ pathArgs });
  const body = ZSubmission.safeParse({
    formId: data.form.id,
    ...(startTime && !Number.isNaN(Date.parse(startTime)) ? { startTime } : {}),
    answers,
    miscData: {
      ...(seed ? { [QUESTION_SEED_KEY]: seed } : {}),
      ...(email !== undefined ? { [NOTIFICATION_EMAIL_KEY]: email } : {}),
      pathArgs,
    },
  });
  if (!body.success) throw badRequest("request.invalid");

  // Without a script the page could not show the questions these answers open: it shows them now.
  const display = data.form.display ?? "all";
  // A file refused is said under its question, on the page posted, before anything is kept; going
  // Back passes it over. On a form on one page every other error comes with it, so nothing is left
  // to find a round later, but none of a question the page has not drawn yet (it is asked after).
  // A page of a form on pages is checked with the pages before it once its file is taken.
  if (files.errors.length > 0 && first(FORM_POST_FIELDS.back) === undefined) {
    const pages = pageCount(asked, display);
    const posted = Math.min(Math.max(0, Math.trunc(Number(first(FORM_POST_FIELDS.page))) || 0), pages - 1);
    const rules = data.form.conditionalRules;
    const unseen = new Set([
      ...files.errors.map((error) => error.field),
      ...newlyOpened(asked, rules, answers, first(FORM_POST_FIELDS.opened)),
    ]);
    const others =
      pages > 1
        ? []
        : validateSubmission(
            asked,
            answers.filter((answer) => !unseen.has(answer.fieldId)),
            { rules },
          ).errors.filter((error) => !unseen.has(error.field));
    return page(422, {
      values: valuesOf(answers, email),
      errors: [...files.errors, ...others],
      hidden: hiddenOf(entries),
      ...(pages > 1 ? { page: posted } : {}),
    });
  }
  // A form on pages comes a page at a time: the server keeps the pages so far under the key.
  const paged =
    validKey && first(FORM_POST_FIELDS.page) !== undefined && pageCount(asked, display) > 1
      ? await postedPage(deps, request, {
          form: data,
          asked,
          key: validKey,
          page: Number(first(FORM_POST_FIELDS.page)),
          back: first(FORM_POST_FIELDS.back) !== undefined,
          answers,
          opened: first(FORM_POST_FIELDS.opened),
          startTime: startTime && !Number.isNaN(Date.parse(startTime)) ? startTime : null,
        })
      : null;
  if (paged?.kind === "page")
    return page(paged.errors.length > 0 ? 422 : 200, {
      values: paged.values,
      errors: paged.errors,
      notice: paged.notice,
      hidden: hiddenOf(entries),
      page: paged.page,
      history: paged.history,
    });
  if (paged)
    body.data.answers = Object.entries(paged.values).map(([fieldId, answer]) => ({ fieldId, answer }));
  if (
    !paged &&
    newlyOpened(asked, data.form.conditionalRules, answers, first(FORM_POST_FIELDS.opened)).length > 0
  )
    return page(200, {
      values: valuesOf(answers, email),
      errors: [],
      notice: "form.more_questions",
      hidden: hiddenOf(entries),
    });

  let accepted: Awaited<ReturnType<Submissions["submit"]>>;
  try {
    accepted = await submissions.submit(body.data, {
      ip: request.ip,
      userAgent: request.headers["user-agent"],
      acceptLanguage: request.headers["accept-language"],
      // Anonymous, as the page's script sends it: a session is a bearer token the browser's own
      // post never carries, so no cookie lends this request anyone's rights.
      visitor: undefined,
      respondent: respondentOf(request),
      idempotencyKey: validKey,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const errors: ValidationError[] = error.validationErrors ?? [];
    // Refused answers, or the address typed for the e-mail, are the respondent's to mend (422);
    // anything else keeps its own status.
    const refused =
      (error.code === "submission.invalid" || error.code === "submission.notification_email.invalid") &&
      errors.length > 0;
    return page(refused ? 422 : error.status, {
      values: paged ? paged.values : valuesOf(answers, email),
      errors,
      ...(refused ? {} : { notice: error.code }),
      hidden: hiddenOf(entries),
      // A form on pages goes back to the page of the first answer refused.
      ...(paged
        ? {
            page: pageOfFirst(
              asked,
              display,
              errors.map((e) => e.field),
            ),
          }
        : {}),
    });
  }
  // A step of a form chain goes on to the chain's next form.
  const chainNext = accepted.chained
    ? await continueChain(deps.db, deps.secrets, data.form.id, accepted.id, chainToken)
    : null;
  if (chainNext) return reply.redirect(chainNext, 303);
  const redirect = redirectTarget(data.form);
  const query = new URLSearchParams(searchOf(request.url));
  // The page after sending is named by its submission, found by the key only this browser holds:
  // it shows that one's result and ending screen, or none, never what the tab kept of an earlier one.
  query.delete(SENT_PARAM);
  if (validKey) query.set(SENT_PARAM, validKey);
  const search = query.size > 0 ? `?${query}` : "";
  // A form set to show itself again comes back fresh, saying the answers were sent.
  const next = `/f/${encodeURIComponent(request.params.alias)}${showsFormAgain(data.form) ? "" : "/thankyou"}${search}`;
  return reply.redirect(redirect ?? next, 303);
}
