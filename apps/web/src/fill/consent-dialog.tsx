import { type ConsentPopup, isDefaultConsentOption } from "@formloom/core/consent";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import { authorText, type Translate } from "@formloom/renderer/form-renderer";
import { useState } from "react";
import { FillDialog } from "./fill-dialog.tsx";

interface Props {
  popup: ConsentPopup;
  /** The header the form has when its author left it as it came. */
  defaultHeader: string;
  translate: Translate;
  /** The ticked options; none when the respondent cancelled. */
  onDone(chosen: string[]): void;
}

/**
 * A consent pop-up as the form opens (forms.md §5): the respondent ticks at least one option and
 * confirms, or cancels; cancelling (or Escape) gives no consent, and that data is not collected.
 */
export function ConsentDialog({ popup, defaultHeader, translate, onDone }: Props) {
  const [chosen, setChosen] = useState(() => popup.checkboxes.filter((box) => box.checked).map((b) => b.id));
  const [error, setError] = useState(false);
  const toggle = (id: string, on: boolean) => {
    setError(false);
    setChosen((before) => (on ? [...before, id] : before.filter((other) => other !== id)));
  };
  return (
    <FillDialog
      title={authorText(popup.header, defaultHeader, translate)}
      onDismiss={() => onDone([])}
      onSubmit={() => (chosen.length > 0 ? onDone(chosen) : setError(true))}
      actions={
        <>
          <button type="button" className="fill-button-secondary" onClick={() => onDone([])}>
            {translate(RESPONDENT_TEXTS.consentCancel)}
          </button>
          <button type="submit" className="fill-button">
            {translate(RESPONDENT_TEXTS.consentConfirm)}
          </button>
        </>
      }
    >
      <fieldset aria-invalid={error || undefined}>
        {popup.checkboxes.map((box) => (
          <label key={box.id}>
            <input
              type="checkbox"
              checked={chosen.includes(box.id)}
              onChange={(event) => toggle(box.id, event.currentTarget.checked)}
            />
            {isDefaultConsentOption(box.id) ? translate(box.label) : box.label}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="fill-alert" role="alert">
          {translate(RESPONDENT_TEXTS.consentPickOne)}
        </p>
      )}
    </FillDialog>
  );
}
