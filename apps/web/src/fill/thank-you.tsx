import type { TPublicForm } from "@formloom/core/api/forms";
import { type TRespondentOutcome, thankYouView } from "@formloom/core/thank-you";
import { sanitizeMarkup } from "@formloom/renderer/fields/display-fields";
import type { Translate } from "@formloom/renderer/form-renderer";
import { useEffect, useState } from "react";
import { keepOutcome, keptOutcome } from "./kept-outcome.ts";
import "./thank-you.css";

interface Props {
  form: TPublicForm["form"];
  translate: Translate;
  /** The form's own address: "Complete form again" is a link, so it works without JavaScript too. */
  againHref: string;
  /**
   * The result when the page is drawn with it (a server that has just stored a submission sent
   * without JavaScript); otherwise the one kept in this tab on sending is shown.
   */
  outcome?: TRespondentOutcome | null;
  onAgain(): void;
}

/** The author's text as plain words, for the first paint before the browser can sanitise it. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The thank-you page; texts the author left at their defaults are in the form's language. A
 * calculation form's result is the one the server gave on sending, kept in this tab.
 */
export function ThankYou({ form, translate, againHref, outcome: given, onAgain }: Props) {
  const [outcome, setOutcome] = useState<TRespondentOutcome | null>(given ?? null);
  const [html, setHtml] = useState<string | null>(null);
  const view = thankYouView(form, outcome, translate);
  useEffect(() => {
    if (given === undefined) setOutcome(keptOutcome(form.id));
  }, [form.id, given]);
  useEffect(() => setHtml(sanitizeMarkup(view.textHtml)), [view.textHtml]);

  return (
    <main className="fill-page">
      <section className="fill-thanks" aria-live="polite">
        <div className="fill-check" aria-hidden="true">
          ✓
        </div>
        <h1>{view.title}</h1>
        {html === null ? (
          <p>{plain(view.textHtml)}</p>
        ) : (
          // Sanitised just above, as the form's own rich-text blocks are.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised
          <div className="fill-thanks-text" dangerouslySetInnerHTML={{ __html: html }} />
        )}
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
          onClick={(event) => {
            event.preventDefault();
            keepOutcome(form.id, null);
            onAgain();
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
