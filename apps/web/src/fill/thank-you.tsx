import type { TPublicForm } from "@formloom/core/api/forms";
import type { TShownEnding } from "@formloom/core/ending-screens";
import { type TRespondentOutcome, thankYouView } from "@formloom/core/thank-you";
import { AuthorMarkup } from "@formloom/renderer/fields/display-fields";
import type { Translate } from "@formloom/renderer/form-renderer";
import { keepEnding, keepOutcome, useKept } from "./kept-outcome.ts";
import "./thank-you.css";

interface Props {
  form: TPublicForm["form"];
  translate: Translate;
  /**
   * The form's own link, its arguments too: "Complete form again" is followed as a link, with or
   * without JavaScript, so the form shown again is a new view of it, as the server counts views.
   */
  againHref: string;
  /**
   * The result when the page is drawn with it (a server that has just stored a submission sent
   * without JavaScript); otherwise the one kept in this tab on sending is shown.
   */
  outcome?: TRespondentOutcome | null;
  /** The ending screen the server drew the page with; otherwise the one kept in this tab on sending. */
  ending?: TShownEnding | null;
}

/**
 * The thank-you page, or the ending screen the answers reached; texts the author left at their
 * defaults are in the form's language. A calculation form's result and the ending are the ones
 * the server gave on sending, kept in this tab.
 */
export function ThankYou({ form, translate, againHref, outcome: given, ending: givenEnding }: Props) {
  const kept = useKept(form.id);
  const outcome = given === undefined ? kept.outcome : given;
  const ending = givenEnding === undefined ? kept.ending : givenEnding;
  const view = thankYouView(form, outcome, translate, ending);

  return (
    <main className="fill-page">
      <section className="fill-thanks" aria-live="polite" data-ending={view.endingId ?? undefined}>
        {view.picture ? (
          <img className="fill-ending-picture" src={view.picture} alt="" />
        ) : (
          <div className="fill-check" aria-hidden="true">
            ✓
          </div>
        )}
        <h1>{view.title}</h1>
        <AuthorMarkup className="fill-thanks-text" content={view.textHtml} />
        {view.outcome && (
          <Outcome outcome={view.outcome} heading={view.outcomeHeading} score={view.scoreLine} />
        )}
        {view.completion && (
          <div className="fill-completion">
            {view.completion.message && <p>{view.completion.message}</p>}
            {view.completion.link && (
              <a href={view.completion.link} target="_blank" rel="noopener noreferrer">
                {view.completion.linkLabel}
              </a>
            )}
          </div>
        )}
        <a
          className="fill-button"
          href={againHref}
          onClick={() => {
            keepOutcome(form.id, null);
            keepEnding(form.id, null);
          }}
        >
          {view.againLabel}
        </a>
      </section>
    </main>
  );
}

function Outcome({
  outcome,
  heading,
  score,
}: {
  outcome: TRespondentOutcome;
  heading: string | null;
  score: string | null;
}) {
  const { result } = outcome;
  return (
    <section className="fill-outcome" data-view={result.view} aria-label={heading ?? undefined}>
      {result.view === "passed_failed" ? (
        <>
          <h2 className="fill-outcome-verdict" data-passed={result.passed}>
            {heading}
          </h2>
          {result.detailed && <p className="fill-outcome-detail">{result.detailed}</p>}
        </>
      ) : (
        <>
          <h2>{heading}</h2>
          {result.view === "gradations" ? (
            <>
              {result.brief && <p className="fill-outcome-brief">{result.brief}</p>}
              {result.detailed && <p className="fill-outcome-detail">{result.detailed}</p>}
            </>
          ) : (
            <dl className="fill-outcome-categories">
              {result.categories.map((category) => (
                <div key={category.id}>
                  <dt>{category.title}</dt>
                  <dd>
                    {category.brief && <strong>{category.brief}</strong>}
                    {category.detailed && <span>{category.detailed}</span>}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </>
      )}
      {score && <p className="fill-outcome-score">{score}</p>}
    </section>
  );
}
