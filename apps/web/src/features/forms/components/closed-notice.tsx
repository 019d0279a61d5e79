import type { TFormClosed } from "@formloom/core/closing";
import { Alert } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../../i18n/format.ts";

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
