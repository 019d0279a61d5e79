import type { TPublicForm } from "@formloom/core/api/forms";
import { thankYouTitle } from "@formloom/core/defaults";

export function ThankYou({ form, onAgain }: { form: TPublicForm["form"]; onAgain(): void }) {
  const actions = form.afterFormFillingActions;
  return (
    <main className="fill-page">
      <section className="fill-thanks" aria-live="polite">
        <div className="fill-check" aria-hidden="true">
          ✓
        </div>
        <h1>{thankYouTitle(actions.thankYouPageTitle, form.title)}</h1>
        <p>{actions.thankYouPageText}</p>
        <button type="button" className="fill-button" onClick={onAgain}>
          {actions.completeFormButton}
        </button>
      </section>
    </main>
  );
}
