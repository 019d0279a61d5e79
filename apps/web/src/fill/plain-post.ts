import type { TPublicForm } from "@formloom/core/api/forms";
import { DEFAULT_TEXTS } from "@formloom/core/defaults";
import { answersOnPages, splitPages } from "@formloom/core/form-pages";
import { FORM_POST_FIELDS, openQuestions, scriptNeed, type TPostedForm } from "@formloom/core/form-post";
import { arrangeQuestions } from "@formloom/core/question-output";
import { authorText, type FormRendererProps, type Translate } from "@formloom/renderer/form-renderer";

/**
 * The public form as the browser sends it by itself, without JavaScript (or before the page's
 * script has taken over): posted to its own address with hidden inputs, and, when the server
 * refused it, drawn again with what was typed and what was wrong (features/forms/public-post.ts).
 */

const isCaptchaProblem = (code: string) => code.startsWith("answer.captcha");

/** The renderer's part: where to post, the hidden inputs, the posted answers and their errors. */
export function plainPostProps(options: {
  data: TPublicForm;
  action: string;
  posted: TPostedForm | undefined;
  translate: Translate;
  submissionKey: string;
  startTime: Date;
  seed: string;
}): Pick<FormRendererProps, "action" | "hiddenFields" | "initialValues" | "initialErrors" | "scriptNotice"> {
  const { data, posted, translate } = options;
  const need = scriptNeed(data.form, data.fields);
  const elements = arrangeQuestions(
    data.fields,
    data.form,
    posted?.hidden[FORM_POST_FIELDS.seed] ?? options.seed,
  );
  return {
    action: options.action,
    // A refused post keeps its key and start: sent again, it is still the same filling.
    hiddenFields: {
      [FORM_POST_FIELDS.submissionKey]: options.submissionKey,
      [FORM_POST_FIELDS.startTime]: options.startTime.toISOString(),
      [FORM_POST_FIELDS.seed]: options.seed,
      ...posted?.hidden,
      // The questions rules show that this page draws: answers opening others bring the page back with them.
      [FORM_POST_FIELDS.opened]: JSON.stringify(
        openQuestions(
          elements,
          data.form.conditionalRules,
          walkedValues(elements, data.form.display, posted),
        ),
      ),
    },
    initialValues: posted?.values,
    // The captcha's problem is said by the captcha itself.
    initialErrors: posted?.errors.filter((error) => !isCaptchaProblem(error.code)),
    scriptNotice:
      need === null
        ? undefined
        : translate(need === "captcha" ? "answer.captcha_needs_script" : "form.needs_script"),
  };
}

/** What the captcha says of a refused post, if it was the captcha's problem. */
export const postedCaptchaError = (posted: TPostedForm | undefined): string | null =>
  posted?.errors.find((error) => isCaptchaProblem(error.code))?.code ?? null;

/** The notice of a post refused as a whole, in the form's words where it has its own. */
export function postedNotice(
  form: TPublicForm["form"],
  posted: TPostedForm | undefined,
  translate: Translate,
): string | null {
  if (!posted?.notice) return null;
  if (posted.notice === "submission.too_soon")
    return authorText(form.nextSubmissionText, DEFAULT_TEXTS.nextSubmissionText, translate);
  return translate(posted.notice);
}

/**
 * The posted answers the page is drawn with, as its rules see them: those of the pages walked
 * through to the one drawn (core answersOnPages), as the renderer evaluates them.
 */
function walkedValues(
  elements: TPublicForm["fields"],
  display: TPublicForm["form"]["display"],
  posted: TPostedForm | undefined,
): Record<string, unknown> {
  const values = posted?.values ?? {};
  if (posted?.page === undefined) return values;
  return answersOnPages(
    splitPages(elements, display),
    elements,
    [...(posted.history ?? []), posted.page],
    values,
  );
}
