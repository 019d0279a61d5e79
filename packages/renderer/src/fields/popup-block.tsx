import { useRef } from "react";
import { useTranslate } from "../translate-context.ts";
import { type DisplayProps, MarkupBlock } from "./display-fields.tsx";
import "./widgets.css";

/**
 * A button that opens the element's content in a modal dialog: the browser's own <dialog> keeps
 * focus inside, closes on Escape, and focus returns to the button.
 */
export function PopupBlock(props: DisplayProps) {
  const translate = useTranslate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const title = props.element.title || props.element.question;
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="fl-widget-button fl-widget-primary"
        id={props.id}
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        {title}
      </button>
      <dialog
        ref={dialogRef}
        className="fl-popup"
        aria-labelledby={`${props.id}-title`}
        onClose={() => {
          // The browser gives focus back to what had it, where a click focuses buttons; where it
          // does not (Safari), focus is left nowhere and goes to the button. The close event comes
          // a moment after the dialog is gone: focus moved on by then stays where it was moved.
          const left = document.activeElement;
          if (!left || left === document.body) openerRef.current?.focus();
        }}
      >
        <h2 className="fl-popup-title" id={`${props.id}-title`}>
          {title}
        </h2>
        <MarkupBlock {...props} id={`${props.id}-content`} />
        <div className="fl-popup-actions">
          <button type="button" className="fl-widget-button" onClick={() => dialogRef.current?.close()}>
            {translate("widget.popup.close")}
          </button>
        </div>
      </dialog>
    </>
  );
}
