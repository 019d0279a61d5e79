import { notifications } from "@mantine/notifications";
import { errorText, fieldErrors } from "./error-text.ts";

/** Tells the user, in a red toast, why a call failed (the server's code, translated). */
export function notifyError(error: unknown): void {
  notifications.show({ color: "red", message: errorText(error) });
}

/**
 * For a form's failed save: the fields' own messages show under the inputs, so only an error
 * that names no field (a conflict, a lost connection) needs a toast.
 */
export function notifyUnlessFieldErrors(error: unknown): void {
  if (Object.keys(fieldErrors(error)).length === 0) notifyError(error);
}
