import { createElement } from "react";
import { useTranslation } from "react-i18next";
import { msg } from "../i18n/i18n.ts";
import { errorText, fieldErrors } from "./error-text.ts";
import { toasts as notifications } from "./toasts.ts";

/**
 * A toast's text is drawn by a component, not fixed when the toast opens: it follows the
 * interface language, also when the language changed a moment before or while it is shown.
 */
function LiveText({ text, values }: { text: string; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  return t(text, values);
}

function LiveError({ error }: { error: unknown }) {
  useTranslation();
  return errorText(error);
}

/** Tells the user, in a green toast, that something was done (`text` is an English catalog key). */
export function notifySuccess(text: string, values?: Record<string, unknown>): void {
  notifications.show({ color: "green", message: createElement(LiveText, { text, values }) });
}

/** Tells the user, in a red toast, why a call failed (the server's code, translated). */
export function notifyError(error: unknown): void {
  notifications.show({ color: "red", message: createElement(LiveError, { error }) });
}

/**
 * For a form's failed save: the fields' own messages show under the inputs, so only an error
 * that names no field (a conflict, a lost connection) needs a toast.
 */
export function notifyUnlessFieldErrors(error: unknown): void {
  if (Object.keys(fieldErrors(error)).length === 0) notifyError(error);
}

/**
 * Submits a form's body through a mutation: field errors stay under the inputs, other errors are
 * toasted, and a success says "Saved" before `then` (such as going back to the list) runs.
 */
export function saveAndTell<Body>(
  mutation: {
    mutate: (body: Body, options: { onError: (error: unknown) => void; onSuccess: () => void }) => void;
  },
  then?: () => void,
): (body: Body) => void {
  return (body) =>
    mutation.mutate(body, {
      onError: notifyUnlessFieldErrors,
      onSuccess: () => {
        notifySuccess(msg("Saved"));
        then?.();
      },
    });
}
