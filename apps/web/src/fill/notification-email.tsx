import type { TPublicForm } from "@formloom/core/api/forms";
import { RESPONDENT_TEXTS } from "@formloom/core/defaults";
import type { TPostedForm } from "@formloom/core/form-post";
import {
  NOTIFICATION_EMAIL_INPUT,
  NOTIFICATION_EMAIL_KEY,
  NOTIFICATION_EMAIL_MAX,
  notificationEmailProblem,
} from "@formloom/core/notification-email";
import type { Translate } from "@formloom/renderer/form-renderer";
import { type ReactNode, useId, useState } from "react";
import "./notification-email.css";

const REFUSED = "submission.notification_email.invalid";

/**
 * The address the respondent gives for the form's e-mail notification, where the form asks for
 * one: its input, the check before sending, and what the submission carries.
 */
export function useNotificationEmail(
  data: TPublicForm,
  translate: Translate,
  posted: TPostedForm | undefined,
): {
  element: ReactNode;
  /** False, with the problem said by the input, when the address typed is not one. */
  check(): boolean;
  /** The submission's misc data for it. */
  misc(): Record<string, string>;
  /** Whether the server refused the address; the input then says so. */
  refused(code: string | undefined): boolean;
} {
  const typed = posted?.values[NOTIFICATION_EMAIL_INPUT];
  const [value, setValue] = useState(typeof typed === "string" ? typed : "");
  const [error, setError] = useState<string | null>(() =>
    posted?.errors.some((problem) => problem.field === NOTIFICATION_EMAIL_KEY) ? REFUSED : null,
  );
  const asks = data.asksEmail === true;
  return {
    element: asks ? (
      <NotificationEmail
        translate={translate}
        value={value}
        error={error}
        onChange={(next) => {
          setValue(next);
          if (error && notificationEmailProblem(next) === null) setError(null);
        }}
      />
    ) : null,
    check: () => {
      const problem = asks ? notificationEmailProblem(value) : null;
      setError(problem);
      return problem === null;
    },
    misc: (): Record<string, string> =>
      asks && value.trim() ? { [NOTIFICATION_EMAIL_KEY]: value.trim() } : {},
    refused: (code) => {
      if (code !== REFUSED) return false;
      setError(code);
      return true;
    },
  };
}

/**
 * The respondent's e-mail address, asked for where the form has an e-mail notification sent to
 * it (platform.md §3). Drawn like the form's questions; named for the browser's own post too.
 */
function NotificationEmail({
  translate,
  value,
  error,
  onChange,
}: {
  translate: Translate;
  value: string;
  /** A message code the page or the server gave for the address. */
  error: string | null;
  onChange(value: string): void;
}) {
  const id = useId();
  return (
    <div className="fl-field" data-notification-email data-invalid={error ? true : undefined}>
      <label className="fl-question" htmlFor={id}>
        {translate(RESPONDENT_TEXTS.notificationEmail)}
      </label>
      <p className="fl-comment" id={`${id}-hint`}>
        {translate(RESPONDENT_TEXTS.notificationEmailHint)}
      </p>
      <input
        id={id}
        className="fl-input"
        type="email"
        name={NOTIFICATION_EMAIL_INPUT}
        autoComplete="email"
        inputMode="email"
        maxLength={NOTIFICATION_EMAIL_MAX}
        value={value}
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {error && (
        <p className="fl-error" id={`${id}-error`} role="alert">
          {translate(error)}
        </p>
      )}
    </div>
  );
}
