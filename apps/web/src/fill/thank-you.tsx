import type { TPublicForm } from "@formloom/core/api/forms";
import { DEFAULT_TEXTS, thankYouTitle } from "@formloom/core/defaults";
import { authorText, type Translate } from "@formloom/renderer/form-renderer";

interface Props {
  form: TPublicForm["form"];
  translate: Translate;
  onAgain(): void;
}

/** The thank-you page; texts the author left at their defaults are in the form's language. */
export function ThankYou({ form, translate, onAgain }: Props) {
  const actions = form.afterFormFillingActions;
  const text = (value: string, english: string) => authorText(value, english, translate);
  return (
    <main className="fill-page">
      <section className="fill-thanks" aria-live="polite">
        <div className="fill-check" aria-hidden="true">
          ✓
        </div>
        <h1>{thankYouTitle(text(actions.thankYouPageTitle, DEFAULT_TEXTS.thankYouPageTitle), form.title)}</h1>
        <p>{text(actions.thankYouPageText, DEFAULT_TEXTS.thankYouPageText)}</p>
        <button type="button" className="fill-button" onClick={onAgain}>
          {text(actions.completeFormButton, DEFAULT_TEXTS.completeFormButton)}
        </button>
      </section>
    </main>
  );
}
