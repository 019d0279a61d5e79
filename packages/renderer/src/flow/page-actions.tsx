import type { CSSProperties, ReactNode } from "react";
import { useScripted } from "../scripted.ts";

interface Props {
  notice: ReactNode;
  /** The form-level summary of a refused send, already in the form's language. */
  summary: string | null;
  backLabel: string | null;
  onBack(): void;
  submitLabel: string;
  submitting: boolean;
  /** Between pages, the page-break type's button style (core's pageButtonVariables). */
  navStyle?: CSSProperties | undefined;
}

/** Back, Next or Send, with what went wrong shown right by them. */
export function PageActions({
  notice,
  summary,
  backLabel,
  onBack,
  submitLabel,
  submitting,
  navStyle,
}: Props) {
  // Drawn on the server the page may be posted without a script; once the script runs, it is not.
  const scripted = useScripted();
  const next = (
    <button type="submit" className="fl-submit" disabled={submitting} aria-busy={submitting || undefined}>
      {submitLabel}
    </button>
  );
  const back = backLabel && (
    // Without a script a submit button, so a form posted page by page goes back a page too.
    <button
      type={scripted ? "button" : "submit"}
      name="fl-back"
      value="1"
      formNoValidate
      className="fl-back"
      data-plain={scripted ? undefined : ""}
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
    >
      {backLabel}
    </button>
  );
  return (
    <div className="fl-actions">
      {notice}
      {summary && (
        <p className="fl-summary" role="alert">
          {summary}
        </p>
      )}
      <div className="fl-nav" style={navStyle}>
        {/* Next keeps its place when the script takes the page over, so it is not drawn again;
            without a script, Back comes after it: Enter presses the first submit button. */}
        {scripted && back}
        {next}
        {!scripted && back}
      </div>
    </div>
  );
}
