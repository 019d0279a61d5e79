import type { ReactNode } from "react";

interface Props {
  notice: ReactNode;
  /** The form-level summary of a refused send, already in the form's language. */
  summary: string | null;
  backLabel: string | null;
  onBack(): void;
  submitLabel: string;
  submitting: boolean;
}

/** Back, Next or Send, with what went wrong shown right by them. */
export function PageActions({ notice, summary, backLabel, onBack, submitLabel, submitting }: Props) {
  return (
    <div className="fl-actions">
      {notice}
      {summary && (
        <p className="fl-summary" role="alert">
          {summary}
        </p>
      )}
      <div className="fl-nav">
        {backLabel && (
          // A submit button, so a form posted without JavaScript goes back a page too; with the
          // script the click stays on the page.
          <button
            type="submit"
            name="fl-back"
            value="1"
            formNoValidate
            className="fl-back"
            onClick={(event) => {
              event.preventDefault();
              onBack();
            }}
          >
            {backLabel}
          </button>
        )}
        <button type="submit" className="fl-submit" disabled={submitting} aria-busy={submitting || undefined}>
          {submitLabel}
        </button>
      </div>
    </div>
  );
}
