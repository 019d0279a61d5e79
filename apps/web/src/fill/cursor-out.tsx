import {
  type CursorOutActions,
  createDepartureCounter,
  cursorOutCasesLeft,
  cursorOutSendDue,
} from "@formloom/core/cursor-out";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { Translate } from "@formloom/renderer/form-renderer";
import { useEffect, useState } from "react";
import { FillDialog } from "./fill-dialog.tsx";

/**
 * Counts the respondent leaving the form (forms.md §3 cursor-out actions): the pointer leaving
 * the page, the window losing focus, the tab hidden — one departure however many of these it
 * sets off. A file picker or a frame inside the page takes focus without leaving it: not counted.
 * Warns when the form says so, and asks the form to be sent once the allowed amount is passed.
 */
export function useCursorOut(actions: CursorOutActions, translate: Translate, active: boolean) {
  const [cases, setCases] = useState(0);
  const [warning, setWarning] = useState(false);
  const [due, setDue] = useState(false);
  const counting = actions.countCases && active;

  useEffect(() => {
    if (!counting) return;
    const counter = createDepartureCounter();
    const leave = () => {
      if (!counter.leave()) return;
      setCases(counter.cases);
      if (cursorOutSendDue(actions, counter.cases)) {
        setWarning(false);
        setDue(true);
      } else if (actions.showWarningPopup) setWarning(true);
    };
    const back = () => counter.back();
    const onBlur = () => {
      const inside = document.activeElement;
      if (inside instanceof HTMLIFrameElement || (inside as HTMLInputElement | null)?.type === "file") return;
      leave();
    };
    const onVisibility = () => (document.visibilityState === "hidden" ? leave() : back());
    const root = document.documentElement;
    window.addEventListener("blur", onBlur);
    window.addEventListener("focus", back);
    document.addEventListener("visibilitychange", onVisibility);
    root.addEventListener("mouseleave", leave);
    root.addEventListener("mouseenter", back);
    return () => {
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("focus", back);
      document.removeEventListener("visibilitychange", onVisibility);
      root.removeEventListener("mouseleave", leave);
      root.removeEventListener("mouseenter", back);
    };
  }, [counting, actions]);

  const left = cursorOutCasesLeft(actions, cases);
  const dialog =
    warning && !due ? (
      <FillDialog
        title={translate(RESPONDENT_TEXTS.cursorOutTitle)}
        onDismiss={() => setWarning(false)}
        onSubmit={() => setWarning(false)}
        actions={
          <button type="submit" className="fill-button">
            {translate(RESPONDENT_TEXTS.backToForm)}
          </button>
        }
      >
        <p>
          {translate(RESPONDENT_TEXTS.cursorOutCounted, {
            cases,
            allowed: actions.allowAmount,
          })}
        </p>
        {actions.subtractFromResult > 0 && (
          <p>{translate(RESPONDENT_TEXTS.cursorOutPoints, { points: actions.subtractFromResult })}</p>
        )}
        {actions.sendForm && left === 0 && <p>{translate(RESPONDENT_TEXTS.cursorOutSendNext)}</p>}
      </FillDialog>
    ) : null;

  return { cases: counting ? cases : undefined, due, dialog };
}
