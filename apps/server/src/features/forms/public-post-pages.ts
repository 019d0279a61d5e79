import type { TPublicForm } from "@formloom/core/api/forms";
import type { TElement } from "@formloom/core/element-schema";
import { firstQuestionOn, type PagedStep, pagedStep } from "@formloom/core/paged-post";
import type { TSubmissionAnswer } from "@formloom/core/submission";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { forms } from "../../db/schema.ts";
import type { Deps } from "../../http/context.ts";
import { notFound } from "../../http/errors.ts";
import { keepPartial, keptPages } from "../answers/partials.ts";
import { respondentOf } from "../answers/respondent.ts";

interface Posted {
  form: TPublicForm;
  /** The questions as this respondent was given them. */
  asked: readonly TElement[];
  key: string;
  page: number;
  back: boolean;
  answers: readonly TSubmissionAnswer[];
  /** What the page says it drew open. */
  opened: string | undefined;
  startTime: string | null;
}

/**
 * One page of a form on pages posted without JavaScript: its answers are laid over the pages
 * kept so far under the filling's key, and kept again, for the next page to be drawn or, from the
 * last page, for the whole filling to be sent. Kept as a partial response the author sees only
 * where they turned those on; sending the filling deletes it.
 */
export async function postedPage(deps: Deps, request: FastifyRequest, posted: Posted): Promise<PagedStep> {
  const [row] = await deps.db
    .select({ accountId: forms.accountId })
    .from(forms)
    .where(eq(forms.id, posted.form.form.id));
  if (!row) throw notFound("form.not_found");
  const form = { accountId: row.accountId, id: posted.form.form.id };
  const respondent = respondentOf(request) ?? null;
  const display = posted.form.form.display ?? "all";
  const kept = await keptPages(deps.db, form, posted.key, respondent);
  const step = pagedStep({
    elements: posted.asked,
    rules: posted.form.form.conditionalRules,
    display,
    page: posted.page,
    back: posted.back,
    kept: kept?.answers ?? {},
    posted: posted.answers,
    opened: posted.opened,
  });
  const page = step.kind === "page" ? step.page : posted.page;
  await keepPartial(deps.db, {
    accountId: form.accountId,
    formId: form.id,
    key: posted.key,
    respondent,
    userId: null,
    answers: step.values,
    page,
    stoppedAt: firstQuestionOn(posted.asked, display, page),
    listed: posted.form.form.savePartialResponses,
    startTime: posted.startTime,
  });
  return step;
}
