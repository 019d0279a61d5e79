import { NumberInput, Stack, Switch, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { SectionProps } from "./types.ts";

const MAX_SECONDS = 7 * 86_400;

const seconds = (value: string | number) =>
  typeof value === "number" && Number.isFinite(value)
    ? Math.min(Math.max(0, Math.floor(value)), MAX_SECONDS)
    : 0;

/**
 * Time limits for the whole form and for each step. Both the timer block (formTimer) and the
 * older allFormTime / perQuestionTime are written, so every reader of the form sees the same limit.
 */
export function TimersSection({ settings, onChange }: SectionProps) {
  const { t } = useTranslation();
  const timer = settings.formTimer;
  const formTime = timer.formTimer || settings.allFormTime;
  const stepTime = timer.stepTimer || settings.perQuestionTime;
  return (
    <Stack gap="sm">
      <Switch
        label={t("Limit the time to fill the form")}
        checked={settings.hasTimer}
        onChange={(e) => onChange({ hasTimer: e.currentTarget.checked })}
      />
      {settings.hasTimer && (
        <>
          <NumberInput
            label={t("Time for the whole form, seconds")}
            description={t("0 means no limit; when it runs out, the answers are sent")}
            min={0}
            max={MAX_SECONDS}
            allowDecimal={false}
            allowNegative={false}
            value={formTime}
            onChange={(value) =>
              onChange({ allFormTime: seconds(value), formTimer: { ...timer, formTimer: seconds(value) } })
            }
          />
          <NumberInput
            label={t("Time for each step, seconds")}
            description={
              settings.display === "all"
                ? t("Works when the form is shown step by step or in pages (Questions)")
                : t("0 means no limit; when it runs out, the next step opens")
            }
            min={0}
            max={MAX_SECONDS}
            allowDecimal={false}
            allowNegative={false}
            value={stepTime}
            onChange={(value) =>
              onChange({
                perQuestionTime: seconds(value),
                formTimer: { ...timer, stepTimer: seconds(value) },
              })
            }
          />
          <Switch
            label={t("Show the timer to respondents")}
            checked={timer.showTimer === "show"}
            onChange={(e) =>
              onChange({ formTimer: { ...timer, showTimer: e.currentTarget.checked ? "show" : "notShow" } })
            }
          />
        </>
      )}
      {!settings.hasTimer && (
        <Text size="xs" c="dimmed">
          {t("A timer element placed on a page limits that page by itself")}
        </Text>
      )}
    </Stack>
  );
}
