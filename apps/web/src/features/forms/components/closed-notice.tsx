import type { TFormClosed } from "@formloom/core/closing";
import { Alert, Badge } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";
import { msg } from "../../../i18n/i18n.ts";

/**
 * Why a published form no longer takes submissions (its closing moment passed, or it holds as
 * many submissions as its limit), in the reader's language and time zone.
 */
export function ClosedNotice({ closed }: { closed: TFormClosed | null | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!closed) return null;
  const why =
    closed.reason === "closeAt"
      ? t("Closed since {{date}}", { date: format.dateTime(closed.since) })
      : t("Closed: reached {{count}} responses", { count: closed.limit });
  return (
    <Alert color="orange" variant="light" title={why} role="status">
      {t(
        "Respondents see that the form is closed for submission. Change the closing date or the response limit in the form's settings to open it again.",
      )}
    </Alert>
  );
}

/** How respondents meet the form: published and taking submissions, closed, or unpublished. */
function statusOf(form: { isPublished: boolean; closed: boolean }) {
  if (!form.isPublished) return { label: msg("Unpublished"), color: "gray" } as const;
  return form.closed
    ? ({ label: msg("Closed"), color: "orange" } as const)
    : ({ label: msg("Published"), color: "green" } as const);
}

/** The form's status as a badge: a published form past its date or limit says it is closed. */
export function FormStatusBadge({ form }: { form: { isPublished: boolean; closed: boolean } }) {
  const { t } = useTranslation();
  const status = statusOf(form);
  return (
    <Badge color={status.color} variant="light" style={{ flexShrink: 0 }}>
      {t(status.label)}
    </Badge>
  );
}

/** The same status as words, for a line of text. */
export function useFormStatusText() {
  const { t } = useTranslation();
  return (form: { isPublished: boolean; closed: boolean }) => t(statusOf(form).label);
}
