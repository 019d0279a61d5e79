import { type ReactNode, useEffect, useId, useRef } from "react";
import "./fill-dialog.css";

interface Props {
  title: string;
  children: ReactNode;
  /** Escape, like the dialog's own dismissing button. */
  onDismiss(): void;
  /** Submitting the dialog's form; the dialog stays open unless its owner removes it. */
  onSubmit?(): void;
  actions: ReactNode;
}

/**
 * A modal pop-up of the public page over the native `<dialog>`: the page behind it is inert, so
 * focus stays inside, Escape dismisses it, and focus returns where it was when it closes.
 */
export function FillDialog({ title, children, onDismiss, onSubmit, actions }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      before?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="fill-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit?.();
        }}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="fill-dialog-actions">{actions}</div>
      </form>
    </dialog>
  );
}
