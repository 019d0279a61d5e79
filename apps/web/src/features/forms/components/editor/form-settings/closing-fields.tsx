import { closedByTime, MAX_RESPONSES_LIMIT } from "@formloom/core/closing";
import { NumberInput, Stack, Text, TextInput } from "@mantine/core";
import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { useTranslation } from "react-i18next";
import { useUser } from "../../../../auth/api/get-user.ts";
import type { SectionProps } from "./types.ts";

dayjs.extend(utc);
dayjs.extend(timezone);

/** What a datetime-local input holds: a wall-clock minute without a zone. */
const LOCAL_MINUTE = "YYYY-MM-DDTHH:mm";

/** The stored instant as the author's clock shows it. */
export function localMinute(instant: string | null | undefined, zone: string): string {
  if (!instant) return "";
  const at = dayjs(instant);
  return at.isValid() ? at.tz(zone).format(LOCAL_MINUTE) : "";
}

/** A wall-clock minute in the author's zone as the instant it names; empty: no closing date. */
export function instantOf(local: string, zone: string): string | null {
  if (!local) return null;
  const at = dayjs.tz(local, zone);
  return at.isValid() ? at.toISOString() : null;
}

/**
 * When the form stops taking submissions: at a moment the author picks on their own clock (the
 * time zone of their profile, else the browser's), and/or once it holds a number of submissions.
 */
export function ClosingFields({ settings, errors, onChange }: SectionProps) {
  const { t } = useTranslation();
  const { data: user } = useUser();
  const zone = user?.timezone || dayjs.tz.guess();
  return (
    <Stack gap="sm">
      <TextInput
        type="datetime-local"
        label={t("Close the form at")}
        description={t("In your time zone ({{zone}}); empty means the form does not close by date", {
          zone,
        })}
        value={localMinute(settings.closeAt, zone)}
        error={
          errors.closeAt ??
          (closedByTime(settings)
            ? t("This moment has passed: respondents see that the form is closed")
            : undefined)
        }
        onChange={(e) => onChange({ closeAt: instantOf(e.currentTarget.value, zone) })}
      />
      <NumberInput
        label={t("Response limit")}
        description={t("The form closes once it has this many submissions; empty means no limit")}
        min={1}
        max={MAX_RESPONSES_LIMIT}
        allowDecimal={false}
        allowNegative={false}
        value={settings.maxResponses ?? ""}
        error={errors.maxResponses}
        onChange={(value) => onChange({ maxResponses: typeof value === "number" ? value : null })}
      />
      {settings.maxResponses !== null && settings.maxResponses !== undefined && (
        <Text size="xs" c="dimmed">
          {t("Submissions deleted from the results free their places again")}
        </Text>
      )}
    </Stack>
  );
}
