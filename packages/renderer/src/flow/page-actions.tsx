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
          <button type="button" className="fl-back" onClick={onBack}>
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
